/// IK502: a video card without a poster image.
public struct NoPoster: MessageRule {
    public init() {}
    /// It looks only at video cards.
    public static let needs: MessageFacts = [.video]
    public let description = RuleDescription(
        code: "IK502", severity: .info, title: "Video without a poster",
        explanation: """
            A video card shows its `poster` image with a play badge until it is tapped. \
            Without a poster (absent or empty) the card shows a blank frame with the badge, \
            which gives the reader no reason to tap.
            """,
        triggers: [RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": {"url": "https://media.example.com/clip.mp4", "poster": ""}}}"#)],
        passes: [RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": {"url": "https://media.example.com/clip.mp4", "poster": "https://media.example.com/poster.jpg"}}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.resolution.layout == .video, let source = message.resolution.video?.descriptor?.source,
              case .none = message.resolution.video?.descriptor?.posterValue else { return }
        let at = source["poster"] ?? source
        report.add(description, at: at,
                   "the video has no poster image, so the video card shows a blank frame with a play badge until tapped")
    }
}
