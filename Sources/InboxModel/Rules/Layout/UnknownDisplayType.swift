/// IK201: a `displayType` string that names no layout the release draws.
public struct UnknownDisplayType: MessageRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK201", severity: .warning, title: "Unknown displayType",
        explanation: """
            `displayType` picks the card layout: banner, captioned, classic, carousel, video or \
            wallet (SDK 7.0 knows only the first three). It is compared without regard to case, \
            but spaces count. Any other value is ignored and the SDK chooses the layout itself \
            from the image, title and body, which is rarely what the campaign intended. The \
            finding suggests the closest layout name.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through this week's drops", "inbox_days": 3, "data": {"displayType": "carosel"}}"#),
            RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": {"url": "https://cdn.example.com/clip.mp4"}}}"#,
                        profile: .v7_0),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Order shipped", "content": "Arrives Thursday", "inbox_days": 3, "data": {"displayType": "Classic"}}"#),
            RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": {"url": "https://cdn.example.com/clip.mp4"}}}"#),
        ])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard let displayType = message.resolution.displayType, displayType.kind == nil else { return }
        let profile = message.resolution.profile
        var text: Phrase = "displayType \(quoted: displayType.text)"
        if displayType.text.isEmpty {
            text = "displayType is an empty string, which names no layout"
        } else if displayType.anyKind != nil {
            text += " is a layout SDK \(profile.name) does not draw (it knows only \(list: profile.knownKinds.map(\.rawValue)))"
        } else {
            text += " is not a layout InboxKit knows"
            let trimmed = displayType.text.trimmed
            if let close = EditDistance.suggestion(for: trimmed, among: profile.knownKinds.map(\.rawValue)) {
                text += " (did you mean \"\(close)\"?)"
            }
            if trimmed != displayType.text, CardKind(rawValue: trimmed.lowercased()) != nil {
                text += "; spaces count, the SDK does not trim them"
            }
        }
        switch message.resolution.requestedBy {
        case .heuristic:
            text += "; \(sdk: profile) ignores it and picks \(message.resolution.requested.rawValue) by itself"
        case .forced, .displayType:
            text += "; \(sdk: profile) ignores it"
        }
        report.add(description, at: displayType.source, text)
    }
}
