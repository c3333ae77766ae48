/// IK402: a carousel element the SDK drops because it is not a slide with an image.
public struct SlideDropped: MessageRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK402", severity: .warning, title: "Carousel slide dropped",
        explanation: """
            Each carousel slide must be an object with a non-empty string `image`. Other \
            elements are dropped without a trace on the device; when none is left, a carousel \
            card degrades to classic.
            """,
        triggers: [RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}, {"title": "On sale"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}, {"image": "https://cdn.example.com/2.jpg", "title": "On sale"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        for dropped in message.resolution.carousel?.dropped ?? [] {
            let what: Phrase
            switch dropped.reason {
            case .notAnObject: what = "is \(describing: dropped.source), not a slide object"
            case .noImage: what = "has no image"
            case .imageNotAString: what = "has an image that is \(describing: dropped.source["image"] ?? dropped.source), not a URL string"
            case .emptyImage: what = "has an empty image"
            }
            report.add(description, at: dropped.source,
                       "carousel slide \(what); \(sdk: message.profile) drops the slide")
        }
    }
}
