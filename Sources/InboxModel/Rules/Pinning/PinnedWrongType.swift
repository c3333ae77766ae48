import InboxCore

/// IK701: a `pinned` value of the wrong type, which does not pin.
public struct PinnedWrongType: MessageRule {
    public init() {}
    /// It looks only at the pinned keys of the custom data.
    public static let needs: MessageFacts = [.pinnedKey]
    public let description = RuleDescription(
        code: "IK701", severity: .warning, title: "pinned of the wrong type",
        explanation: """
            `pinned` pins a message to the top of the feed only as JSON `true` (or a non-zero \
            number). A string such as `"true"` or `"1"`, null, an array or an object has the \
            wrong type: the SDK skips it and looks further (`u`, a `u` string, `userdata`), and \
            the message is usually not pinned.
            """,
        triggers: [RuleExample(#"{"ios_title": "Terms update", "content": "Please review", "inbox_days": 3, "data": {"pinned": "true"}}"#)],
        passes: [RuleExample(#"{"ios_title": "Terms update", "content": "Please review", "inbox_days": 3, "data": {"pinned": true}}"#)],
        fix: RuleFix(.safe, #"Writes the text "true" or "1" as true, and "false" or "0" as false (any letter case); other values are left as they are."#,
                     before: RuleExample(#"{"ios_title": "Terms update", "content": "Please review", "inbox_days": 3, "data": {"pinned": "true"}}"#),
                     after: #"{"ios_title": "Terms update", "content": "Please review", "inbox_days": 3, "data": {"pinned": true}}"#))

    /// The text "true"/"1" or "false"/"0" written as the JSON literal.
    static func unquoted(_ value: JSONValue) -> Fix? {
        let literal: String
        switch value.string?.lowercased() {
        case "true", "1": literal = "true"
        case "false", "0": literal = "false"
        default: return nil
        }
        var edits = JSONEdits()
        edits.replace(value, with: literal)
        return edits.fix(.safe)
    }

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.actionParams.seesValue(.pinned, until: message.resolution.pinning.place,
                                                     where: { $0 != .bool && $0 != .number }) else { return }
        let pinning = message.resolution.pinning
        for seen in message.actionParams.valuesSeen(.pinned, until: pinning.place,
                                                            where: { $0.kind != .bool && $0.kind != .number }) {
            var text: Phrase = "pinned is \(describing: seen.value), not true/false or a number; \(sdkOf: message) skips it"
            if let source = pinning.source {
                text += " and uses \(source: source) from \(source.pointer), so the message is \(pinning.pinned ? "pinned" : "not pinned")"
            } else {
                text += ", so the message is not pinned; write true without quotes"
            }
            report.add(description, at: seen.value, text, fix: Self.unquoted(seen.value))
        }
    }
}
