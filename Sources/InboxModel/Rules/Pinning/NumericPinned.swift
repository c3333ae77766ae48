import InboxCore

/// IK702: a numeric `pinned`, read as its truth value.
public struct NumericPinned: MessageRule {
    public init() {}
    /// It looks only at a numeric pinned value.
    public static let needs: MessageFacts = [.numericPinned]
    public let description = RuleDescription(
        code: "IK702", severity: .info, title: "Numeric pinned coerced",
        explanation: """
            The SDK reads a number in `pinned` as a whole number, dropping any fraction, then as \
            a truth value: 0 does not pin, any other whole number pins. So 1, 2, -1 and 1.5 pin, \
            while 0, 0.5 and -0.9 do not. It works, but `true` and `false` say what is meant.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Terms update", "content": "Please review", "inbox_days": 3, "data": {"pinned": 1}}"#),
            RuleExample(#"{"ios_title": "Terms update", "content": "Please review", "inbox_days": 3, "data": {"pinned": 0.5}}"#),
        ],
        passes: [RuleExample(#"{"ios_title": "Terms update", "content": "Please review", "inbox_days": 3, "data": {"pinned": true}}"#)],
        fix: RuleFix(.safe, "Writes the true or false the SDK reads the number as: the message pins as before.",
                     before: RuleExample(#"{"ios_title": "Terms update", "content": "Please review", "inbox_days": 3, "data": {"pinned": 1}}"#),
                     after: #"{"ios_title": "Terms update", "content": "Please review", "inbox_days": 3, "data": {"pinned": true}}"#))

    /// The number replaced by the boolean it is read as.
    static func written(_ value: JSONValue, as pinned: Bool) -> Fix? {
        var edits = JSONEdits()
        edits.replace(value, with: pinned ? "true" : "false")
        return edits.fix(.safe)
    }

    public func check(message: InspectedMessage, into report: inout Report) {
        let pinning = message.resolution.pinning
        guard pinning.isNumeric, let source = pinning.source else { return }
        let outcome: StaticString = pinning.pinned ? "true and pins the message" : "false and does not pin the message"
        if pinning.dropsFraction {
            report.add(description, at: source, """
                pinned is the number \(source: source); \(sdkOf: message) drops its fraction (a whole number \
                \(pinning.pinned ? "other than 0" : "of 0" as StaticString)) and reads it as \(outcome); \
                write \(pinning.pinned ? "true" : "false" as StaticString)
                """, fix: Self.written(source, as: pinning.pinned))
        } else {
            report.add(description, at: source, """
                pinned is the number \(source: source); \(sdkOf: message) reads it as \(outcome); \
                write \(pinning.pinned ? "true" : "false" as StaticString)
                """, fix: Self.written(source, as: pinning.pinned))
        }
    }
}
