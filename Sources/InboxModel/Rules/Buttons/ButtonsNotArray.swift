/// IK601: a `buttons` value that is not an array, which the SDK skips.
public struct ButtonsNotArray: MessageRule {
    public init() {}
    /// It looks only at the buttons keys of the custom data.
    public static let scope: MessageScope = [.buttonsKey, .rareKeys]
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
        // Nearly every message has no such value: told from the kinds the lookup indexed,
        // before any value or list is built.
        let place = message.resolution.buttons.place
        guard Self.mayFind(in: message) else { return }
        for seen in message.message.actionParams.valuesSeen(.buttons, until: place, where: { $0.kind != .array }) {
            var text: Phrase = "buttons is \(describing: seen.value), not an array; \(sdkOf: message) skips it"
            if let source = message.resolution.buttons.source { text += " and uses the buttons at \(source.pointer)" } else { text += ", so the card has no buttons" }
            report.add(description, at: seen.value, consume text)
        }
    }

    /// Whether the check may find anything (`MessageScope.rareKeys`).
    @inline(__always)
    static func mayFind(in message: InspectedMessage) -> Bool {
        message.message.actionParams.seesValue(.buttons, until: message.resolution.buttons.place, where: { $0 != .array })
    }
}
