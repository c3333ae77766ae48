/// IK401: a `carousel` that is not an array, which the SDK skips.
public struct CarouselNotArray: MessageRule {
    public init() {}
    /// It looks only at the carousel keys of the custom data.
    public static let scope: MessageScope = [.carouselKey, .rareKeys]
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
        // Nearly every message has no such value: told from the kinds the lookup indexed,
        // before any value or list is built.
        let place = message.resolution.carousel?.place
        guard Self.mayFind(in: message) else { return }
        for seen in message.message.actionParams.valuesSeen(.carousel, until: place, where: { $0.kind != .array }) {
            var text: Phrase = """
                carousel is \(describing: seen.value), not an array of slides; \
                \(sdkOf: message) skips it
                """
            if let carousel = message.resolution.carousel { text += " and uses the carousel at \(carousel.source.pointer)" }
            report.add(description, at: seen.value, consume text)
        }
    }

    /// Whether the check may find anything (`MessageScope.rareKeys`).
    @inline(__always)
    static func mayFind(in message: InspectedMessage) -> Bool {
        message.message.actionParams.seesValue(.carousel, until: message.resolution.carousel?.place, where: { $0 != .array })
    }
}
