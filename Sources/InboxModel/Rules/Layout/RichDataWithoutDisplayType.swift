/// IK211: custom data holds a carousel, a video or a wallet pass but no `displayType`,
/// so the SDK picks a banner, captioned or classic card and the rich card is never drawn.
public struct RichDataWithoutDisplayType: MessageRule {
    public init() {}
    /// It looks only at layouts the SDK chose by itself.
    public static let needs: MessageFacts = [.heuristic]
    public let description = RuleDescription(
        code: "IK211", severity: .error, title: "Carousel, video or wallet data without displayType",
        explanation: """
            The SDK draws a carousel, video or Apple Wallet card only when `displayType` asks \
            for it. Custom data with a `carousel`, `video` or `wallet` value but no \
            `displayType` is drawn by the heuristic instead (a banner, captioned or classic \
            card), and the slides, the video or the pass are never shown. Add \
            `"displayType": "carousel"` (or `video`, `wallet`) next to the data.
            """,
        triggers: [RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe", "inbox_days": 3, "data": {"carousel": [{"image": "https://cdn.example.com/1.jpg"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        let resolution = message.resolution
        guard resolution.requestedBy == .heuristic, resolution.displayType == nil,
              let (kind, value) = CardIntent.richData(of: resolution),
              !CardIntent.hasMisspelledDisplayType(message) else { return }
        report.add(description, at: value, """
            the custom data has \(kind.staticName) data but no displayType, so \(sdkOf: message) draws a \
            \(resolution.requested.staticName) card instead: add "displayType": "\(kind.staticName)"
            """)
    }
}
