/// IK402: a carousel element the SDK drops because it is not a slide with an image.
public struct SlideDropped: MessageRule {
    public init() {}
    /// It looks only at the carousel found.
    public static let needs: MessageFacts = [.carousel]
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
        guard message.profile.knows(.carousel), message.resolution.carousel?.dropped.isEmpty == false,
              let droppedSlides = message.resolution.carousel?.dropped else { return }
        for dropped in droppedSlides {
            let source = dropped.source
            switch dropped.reason {
            case .notAnObject:
                report.add(description, at: source,
                           "carousel slide is \(describing: source), not a slide object; \(sdkOf: message) drops the slide")
            case .noImage:
                report.add(description, at: source, "carousel slide has no image; \(sdkOf: message) drops the slide")
            case .imageNotAString:
                report.add(description, at: source, """
                    carousel slide has an image that is \(describing: source["image"] ?? source), not a URL string; \
                    \(sdkOf: message) drops the slide
                    """)
            case .emptyImage:
                report.add(description, at: source, "carousel slide has an empty image; \(sdkOf: message) drops the slide")
            }
        }
    }
}
