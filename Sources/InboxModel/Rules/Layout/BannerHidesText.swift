/// IK205: a banner card shows only its image, so a title or body given with it is never seen.
public struct BannerHidesText: MessageRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK205", severity: .info, title: "Banner hides its title and body",
        explanation: """
            A banner is a full-bleed image with no text. When a banner message also has a \
            title or a body, they are not drawn on the card; put the words into the image, or \
            use `captioned` to show them under it.
            """,
        triggers: [RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring.png", "inbox_days": 3, "data": {"displayType": "banner"}}"#)],
        passes: [RuleExample(#"{"inbox_image": "https://cdn.example.com/spring.png", "inbox_days": 3, "data": {"displayType": "banner"}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.resolution.layout == .banner else { return }
        let shape = message.message.shape
        var hidden: [(field: String, value: JSONValue)] = []
        if let title = message.message.title, title.hasText { hidden.append((ValueWording.titleField(shape), title.value)) }
        if let body = message.message.body, body.hasText { hidden.append((ValueWording.bodyField(shape), body.value)) }
        guard let first = hidden.first else { return }
        let fields = ValueWording.list(hidden.map(\.field))
        let verb = hidden.count == 1 ? "is" : "are"
        report.add(description, at: first.value,
                   "the banner card shows only the image; its \(fields) \(verb) not drawn")
    }
}
