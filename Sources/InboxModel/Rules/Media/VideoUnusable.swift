import InboxCore

/// IK501: a `video` the SDK cannot play (not an object, no http(s) `url`).
public struct VideoUnusable: MessageRule {
    public init() {}
    /// It looks only at the video values.
    public static let needs: MessageFacts = [.video]
    public let description = RuleDescription(
        code: "IK501", severity: .warning, title: "Video descriptor unusable",
        explanation: """
            `video` must be an object whose `url` is a non-empty http or https URL (`poster` \
            is optional). A value of another type is skipped by the lookup; an object without \
            a usable `url` ends it, and a video card then degrades to classic.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": {"url": "rtsp://media.example.com/clip"}}}"#),
            RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": "https://media.example.com/clip.mp4"}}"#),
        ],
        passes: [RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": {"url": "https://media.example.com/clip.mp4"}}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        // Nearly every message has no such value: told from the kinds the lookup indexed,
        // before any value or list is built.
        let place = message.resolution.video?.place
        if message.actionParams.seesValue(.video, until: place, where: { $0 != .object }) {
            for seen in message.actionParams.valuesSeen(.video, until: place, where: { $0.kind != .object }) {
                report.add(description, at: seen.value,
                           "video is \(describing: seen.value), not an object with a url; \(sdkOf: message) skips it")
            }
        }
        guard let problem = message.resolution.video?.problem, let source = message.resolution.video?.source else { return }
        // IK307 reports a video url iOS rejects.
        if case .rejected = problem { return }
        let at: JSONValue = problem == .noURL ? source : (source["url"] ?? source)
        report.add(description, at: at,
                   "\(problem: problem); \(sdkOf: message) has no video to play, so a video card is drawn as classic")
    }
}
