import InboxCore

/// IK201: a `displayType` string that names no layout the release draws.
public struct UnknownDisplayType: MessageRule {
    public init() {}
    /// It looks only at a displayType that names no layout of the release.
    public static let needs: MessageFacts = [.unknownDisplayType]
    public let description = RuleDescription(
        code: "IK201", severity: .error, title: "Unknown displayType",
        explanation: """
            `displayType` picks the card layout: banner, captioned, classic, carousel, video or \
            wallet (SDK 7.0 knows only the first three). It is compared without regard to case, \
            but spaces count. Any other value is ignored and the SDK chooses the layout itself \
            from the image, title and body, which is rarely what the campaign intended: the card \
            that was meant is never drawn, so it is an error. The finding suggests a layout \
            name only when one is close (`carousell` → `carousel`; nothing for `slider`).
            """,
        triggers: [
            RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through this week's drops", "inbox_days": 3, "data": {"displayType": "carosel"}}"#),
            RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": {"url": "https://cdn.example.com/clip.mp4"}}}"#,
                        profile: .v7_0),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Order shipped", "content": "Arrives Thursday", "inbox_days": 3, "data": {"displayType": "Classic"}}"#),
            RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": {"url": "https://cdn.example.com/clip.mp4"}}}"#),
        ],
        fix: RuleFix(.unsafe, "Writes the layout name closest to the value (a guess), or the name without the spaces around it.",
                     before: RuleExample(#"{"ios_title": "Order shipped", "content": "Arrives Thursday", "inbox_days": 3, "data": {"displayType": "clasic"}}"#),
                     after: #"{"ios_title": "Order shipped", "content": "Arrives Thursday", "inbox_days": 3, "data": {"displayType": "classic"}}"#))

    public func check(message: InspectedMessage, into report: inout Report) {
        guard let displayType = message.resolution.displayType, displayType.kind == nil else { return }
        let profile = message.resolution.profile
        var text = Phrase.StringInterpolation(literalCapacity: 200, interpolationCount: 0)
        let written = displayType.text // `text` decodes the string at each read
        // The layout name the fix writes (`validate --fix --unsafe-fixes`).
        var guess: String?
        if written.isEmpty {
            text.appendLiteral("displayType is an empty string, which names no layout")
        } else {
            text.appendLiteral("displayType ")
            // Quoted from the document's bytes (the text as written; the decoded `String` only
            // when it has escapes or must be shortened).
            text.appendInterpolation(quoted: displayType.source)
            if displayType.anyKind != nil {
                text.appendLiteral(" is a layout SDK ")
                text.appendInterpolation(profile.name)
                text.appendLiteral(" does not draw (it knows only ")
                text.appendInterpolation(list: profile.knownKindNames)
                text.appendLiteral(")")
            } else {
                text.appendLiteral(" is not a layout InboxKit knows")
                let trimmed = written.trimmed
                if let close = EditDistance.suggestion(for: trimmed, among: Self.candidates(of: profile)),
                   Self.isClose(trimmed, close) {
                    text.appendLiteral(" (did you mean \"")
                    text.appendInterpolation(close)
                    text.appendLiteral("\"?)")
                    if report.collectsFixes { guess = close }
                }
                if trimmed != written, CardKind(rawValue: trimmed.lowercased()) != nil {
                    text.appendLiteral("; spaces count, the SDK does not trim them")
                    if report.collectsFixes { guess = trimmed }
                }
            }
        }
        text.appendLiteral("; ")
        text.appendInterpolation(sdk: profile)
        switch message.resolution.requestedBy {
        case .heuristic:
            text.appendLiteral(" ignores it and picks ")
            text.appendInterpolation(message.resolution.requested.staticName)
            text.appendLiteral(" by itself")
        case .forced, .displayType:
            text.appendLiteral(" ignores it")
        }
        report.add(description, at: displayType.source, Phrase(stringInterpolation: text),
                   fix: guess.flatMap { Self.rewritten(displayType.source, as: $0) })
    }

    /// The value replaced by the layout name `name`.
    static func rewritten(_ value: JSONValue, as name: String) -> Fix? {
        var edits = JSONEdits()
        edits.replace(value, withString: name)
        return edits.fix(.unsafe)
    }

    /// Whether `close` reads as a typo of `written`: a layout name is a short word, and
    /// the general "a third of the word" allowance offers `video` for `slider`.
    static func isClose(_ written: String, _ close: String) -> Bool {
        let distance = EditDistance.between(written, close)
        return distance <= 2 && distance * 4 <= written.count
    }

    /// The layout names of each release, prepared once for the suggestion (preparing them
    /// for every unknown value cost more than comparing them).
    private static let v7_0Kinds = EditDistance.Candidates(SDKProfile.v7_0.knownKindNames)
    private static let v7_1Kinds = EditDistance.Candidates(SDKProfile.v7_1.knownKindNames)
    private static let latestKinds = EditDistance.Candidates(SDKProfile.guide.knownKindNames)

    /// The layout names `profile` knows, prepared for the suggestion.
    private static func candidates(of profile: SDKProfile) -> EditDistance.Candidates {
        if profile === SDKProfile.guide { return latestKinds }
        if profile === SDKProfile.v7_1 { return v7_1Kinds }
        if profile === SDKProfile.v7_0 { return v7_0Kinds }
        return EditDistance.Candidates(profile.knownKindNames)
    }
}
