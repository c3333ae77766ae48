/// IK208: SDK 7.1 draws the card, but the guide asks for a title and a body it lacks.
public struct GuideStricter: MessageRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK208", severity: .warning, title: "SDK 7.1 draws it; the guide requires more",
        explanation: """
            The newest guide asks more of a captioned or carousel card than SDK 7.1 checks: \
            a title and a body. Phones on 7.1 draw the card without them, but a later SDK \
            that follows the guide draws classic instead (and its heuristic picks captioned \
            only with a body). Add the missing text so both answers agree; `--sdk guide` \
            shows what the guide draws.
            """,
        triggers: [RuleExample(#"{"ios_title": "Spring is here", "inbox_image": "https://cdn.example.com/spring.png", "inbox_days": 3, "data": {"displayType": "captioned"}}"#)],
        passes: [
            RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring.png", "inbox_days": 3, "data": {"displayType": "captioned"}}"#),
            RuleExample(#"{"ios_title": "Spring is here", "inbox_image": "https://cdn.example.com/spring.png", "inbox_days": 3, "data": {"displayType": "captioned"}}"#,
                        profile: .guide),
        ])

    public func check(message: InspectedMessage, into report: inout Report) {
        let resolution = message.resolution
        let facts = resolution.facts
        guard !resolution.degraded, resolution.layout == .captioned || resolution.layout == .carousel,
              !facts.title || !facts.body, resolution.profile == .v7_1 else { return }
        let missing: StaticString = !facts.title && !facts.body ? "a title and a body" : (facts.title ? "a body" : "a title")
        let guideDraws: StaticString = resolution.requestedBy == .heuristic
            ? "its heuristic picks classic" : "it draws classic"
        let at = resolution.displayType?.source ?? message.value
        report.add(description, at: at, """
            SDK 7.1 draws \(resolution.layout.staticName); the guide requires \(missing), which this message \
            lacks, so \(guideDraws): add it so both agree
            """)
    }
}

/// IK209: a classic card without a title or without a body: the card draws a gap.
public struct ClassicWithoutText: MessageRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK209", severity: .warning, title: "Classic card without a title or a body",
        explanation: """
            A classic card is an avatar beside a title and a body; it needs nothing to be drawn, \
            but without a title or a body the card shows an empty line where the text should \
            be. Add the missing text, or choose a layout that does not show it (a banner).
            """,
        triggers: [RuleExample(#"{"ios_title": "Spring is here", "inbox_days": 3}"#)],
        passes: [RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_days": 3}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        let resolution = message.resolution
        guard resolution.layout == .classic, !resolution.facts.title || !resolution.facts.body else { return }
        let shape = message.shape
        let missing: Phrase = !resolution.facts.title && !resolution.facts.body
            ? "no \(ValueWording.titleField(shape)) and no \(ValueWording.bodyField(shape))"
            : (resolution.facts.title ? "no \(ValueWording.bodyField(shape))" : "no \(ValueWording.titleField(shape))")
        report.add(description, at: message.value, """
            the card is drawn as classic with \(missing), so it shows an empty line where the text goes; \
            add the missing text
            """)
    }
}
