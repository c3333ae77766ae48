/// IK702: a numeric `pinned`, read as its truth value.
public struct NumericPinned: MessageRule {
    public init() {}
    /// It looks only at a numeric pinned value.
    public static let scope = MessageScope.numericPinned
    public let description = RuleDescription(
        code: "IK702", severity: .info, title: "Numeric pinned coerced",
        explanation: """
            The SDK reads a number in `pinned` as a truth value: 0 does not pin, any other \
            number (1, 2, -1, 0.5) pins. It works, but `true` and `false` say what is meant.
            """,
        triggers: [RuleExample(#"{"ios_title": "Terms update", "content": "Please review", "inbox_days": 3, "data": {"pinned": 1}}"#)],
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
        report.add(description, at: source, """
            pinned is the number \(source: source); \(sdkOf: message) reads it as \
            \(pinning.pinned ? "true and pins the message" : "false and does not pin the message" as StaticString); \
            write \(pinning.pinned ? "true" : "false" as StaticString)
            """, fix: Self.written(source, as: pinning.pinned))
    }
}
