/// IK405: a carousel card with one slide, which does not swipe.
public struct SingleSlide: MessageRule {
    public init() {}
    /// It looks only at the carousel found.
    public static let needs: MessageFacts = [.carousel]
    public let description = RuleDescription(
        code: "IK405", severity: .info, title: "Carousel with one slide",
        explanation: """
            A carousel card with a single usable slide shows one image and nothing to swipe. \
            A `captioned` card shows the same image with the title and body and can carry \
            buttons.
            """,
        triggers: [RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}, {"title": "no image"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}, {"image": "https://cdn.example.com/2.jpg"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.resolution.layout == .carousel, let carousel = message.resolution.carousel, carousel.slides.count == 1 else { return }
        report.add(description, at: carousel.source, """
            the carousel card has a single slide with an image, so there is nothing to swipe; \
            a captioned card shows the same image with the title and body
            """)
    }
}
