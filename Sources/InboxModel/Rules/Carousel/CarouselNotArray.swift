/// IK401: a `carousel` that is not an array, which the SDK skips.
public struct CarouselNotArray: MessageRule {
    public init() {}
    /// It looks only at a carousel value of the wrong type before the one the lookup uses.
    public static let needs: MessageFacts = [.carouselKey, .skippedCarousel]
    public let description = RuleDescription(
        code: "IK401", severity: .warning, title: "carousel is not an array",
        explanation: """
            `carousel` must be an array of slide objects. Any other value (an object, a \
            string holding JSON, a single URL) is skipped and the lookup continues; with no \
            array anywhere, a carousel card degrades to classic.
            """,
        triggers: [RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": {"image": "https://cdn.example.com/1.jpg"}}}"#)],
        passes: [RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        let place = message.resolution.carousel?.place
        for seen in message.actionParams.valuesSeen(.carousel, until: place, where: { $0.kind != .array }) {
            var text: Phrase = """
                carousel is \(describing: seen.value), not an array of slides; \
                \(sdkOf: message) skips it
                """
            if let carousel = message.resolution.carousel { text += " and uses the carousel at \(carousel.source.pointer)" }
            report.add(description, at: seen.value, text)
        }
    }
}
