/// IK205: a banner card shows only its image, so a title or body given with it is never seen.
public struct BannerHidesText: MessageRule {
    public init() {}
    /// It looks only at banner cards.
    public static let needs: MessageFacts = [.banner]
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
        let shape = message.shape
        let title = message.title?.hasText == true ? message.title?.value : nil
        let body = message.body?.hasText == true ? message.body?.value : nil
        switch (title, body) {
        case let (title?, .some):
            report.add(description, at: title, """
                the banner card shows only the image; its \(ValueWording.titleField(shape)) and \
                \(ValueWording.bodyField(shape)) are not drawn
                """)
        case let (title?, nil):
            report.add(description, at: title,
                       "the banner card shows only the image; its \(ValueWording.titleField(shape)) is not drawn")
        case let (nil, body?):
            report.add(description, at: body,
                       "the banner card shows only the image; its \(ValueWording.bodyField(shape)) is not drawn")
        case (nil, nil):
            return
        }
    }
}
