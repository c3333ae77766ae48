/// IK307: a video url or wallet pass iOS rejects: the card loses what it is for.
public struct URLRejectedCard: MessageRule {
    public init() {}
    /// It looks only at messages with a URL that is not plain (rejected ones included).
    public static let needs: MessageFacts = [.unplainURL]
    public let description = RuleDescription(
        code: "IK307", severity: .error, title: "Video or pass URL rejected by iOS",
        explanation: """
            A video card plays `video.url` and a wallet card downloads its pass only when \
            iOS's `URL(string:)` accepts the URL. A host with a space or a stray `%`, or a port \
            that is not a number, makes iOS reject it: the video card is drawn as classic, and \
            the wallet lookup moves on to the next place (a wallet card with no usable pass \
            is drawn as classic).
            """,
        triggers: [RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": {"url": "https://media.example .com/clip.mp4"}}}"#)],
        passes: [RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": {"url": "https://media.example.com/clip 1.mp4"}}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        for (site, reason) in message.resolution.rejectedSites(where: { $0 == .video || $0 == .walletPass }) {
            let role = site.role
            let outcome: Phrase = role == .video ? "\(sdkOf: message) has no video to play, so a video card is drawn as classic"
                : message.resolution.wallet.map { "\(sdkOf: message) skips it and uses the pass at \($0.passValue.pointer)" }
                ?? "\(sdkOf: message) skips it and finds no other pass, so a wallet card is drawn as classic"
            report.add(description, at: site.value, """
                \(role.staticName) \(quoted: site.value) is rejected by iOS (\(reason.reason)); \(outcome)
                """)
        }
    }
}

/// IK308: an image URL iOS rejects: the image area stays empty.
public struct URLRejectedImage: MessageRule {
    public init() {}
    /// It looks only at messages with a URL that is not plain (rejected ones included).
    public static let needs: MessageFacts = [.unplainURL]
    public let description = RuleDescription(
        code: "IK308", severity: .warning, title: "Image URL rejected by iOS",
        explanation: """
            Images are loaded from URLs that iOS's `URL(string:)` must accept. A host with a \
            space or a stray `%`, or a port that is not a number, makes iOS reject the URL, and \
            the card shows an empty image area (a slide an empty frame).
            """,
        triggers: [RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example .com/spring.png", "inbox_days": 3}"#)],
        passes: [RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring.png", "inbox_days": 3}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        for (site, reason) in message.resolution.rejectedSites(usedOnly: true, where: { $0 == .image || $0 == .slideImage || $0 == .poster }) {
            let role = site.role
            report.add(description, at: site.value, """
                \(role.staticName) \(quoted: site.value) is rejected by iOS (\(reason.reason)), so \
                \(role.staticFailure)
                """)
        }
    }
}
