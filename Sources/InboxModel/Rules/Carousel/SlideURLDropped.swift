/// IK403: a slide `url` the SDK drops (no scheme), keeping the slide without its link.
public struct SlideURLDropped: MessageRule {
    public init() {}
    /// It looks only at the carousel found.
    public static let needs: MessageFacts = [.carousel]
    public let description = RuleDescription(
        code: "IK403", severity: .warning, title: "Carousel slide link dropped",
        explanation: """
            A slide's `url` is opened when the slide is tapped. It must start with a scheme \
            (`https://` or an app scheme such as `myapp://`); otherwise the SDK drops the link, \
            keeps the slide, and a tap runs the message's default action instead.
            """,
        triggers: [RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg", "url": "shop.example.com/p/1"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg", "url": "myapp://product/1"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        let slideCount = message.resolution.carousel?.slides.count ?? 0
        let overflowCount = message.resolution.carousel?.overflow.count ?? 0
        for index in 0 ..< slideCount + overflowCount {
            let dropped = index < slideCount ? message.resolution.carousel?.slides[index].droppedURL
                                             : message.resolution.carousel?.overflow[index - slideCount].droppedURL
            guard let url = dropped else { continue }
            let what: Phrase = url.kind == .string ? "\(quoted: url) has no scheme such as https://"
                : "is \(describing: url), not a URL string"
            report.add(description, at: url, """
                carousel slide url \(what); \(sdkOf: message) drops the link and keeps the slide, \
                so a tap runs the message's default action
                """)
        }
    }
}
