/// IK601: a `buttons` value that is not an array, which the SDK skips.
public struct ButtonsNotArray: MessageRule {
    public init() {}
    /// It looks only at a buttons value of the wrong type before the one the lookup uses.
    public static let needs: MessageFacts = [.buttonsKey, .skippedButtons]
    public let description = RuleDescription(
        code: "IK601", severity: .warning, title: "buttons is not an array",
        explanation: """
            `buttons` must be an array of button objects, even for a single button. Any other \
            value is skipped (the lookup continues in `u` and in a `u` string); with no array \
            anywhere the card has no buttons.
            """,
        triggers: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": {"title": "Claim", "url": "https://example.com/promo"}}}"#)],
        passes: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Claim", "url": "https://example.com/promo"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        let place = message.resolution.buttons.place
        for seen in message.actionParams.valuesSeen(.buttons, until: place, where: { $0.kind != .array }) {
            var text: Phrase = "buttons is \(describing: seen.value), not an array; \(sdkOf: message) skips it"
            if let source = message.resolution.buttons.source { text += " and uses the buttons at \(source.pointer)" } else { text += ", so the card has no buttons" }
            report.add(description, at: seen.value, text)
        }
    }
}
