/// IK501: a `video` the SDK cannot play (not an object, no http(s) `url`).
public struct VideoUnusable: MessageRule {
    public init() {}
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
        for seen in message.message.actionParams.valuesSeen(.video, until: message.resolution.video?.place,
                                                             where: { $0.kind != .object }) {
            report.add(description, at: seen.value,
                       "video is \(describing: seen.value), not an object with a url; \(sdk: message.profile) skips it")
        }
        guard let problem = message.resolution.video?.problem, let video = message.resolution.video else { return }
        let at: JSONValue = problem == .noURL ? video.source : (video.source["url"] ?? video.source)
        report.add(description, at: at,
                   "\(problem: problem); \(sdk: message.profile) has no video to play, so a video card is drawn as classic")
    }
}
