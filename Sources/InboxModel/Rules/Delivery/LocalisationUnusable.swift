/// IK109: one language of a localised `content` / `ios_title` that has no usable text.
public struct LocalisationUnusable: MessageRule {
    public init() {}
    /// It looks only at a title or body that is an object or read from languages.
    public static let needs: MessageFacts = [.localised]
    public let description = RuleDescription(
        code: "IK109", severity: .warning, title: "A language of content or ios_title has no text",
        explanation: """
            `content` and `ios_title` may be objects keyed by language (`{"en": "…", "de": \
            "…"}`); each device gets the text of its language. A language whose value is empty, \
            only spaces, or not text at all gives readers of that language a card without that \
            text (or with a layout chosen for a card without it). Every language is checked, \
            not only the one `--lang` picks. An object with no language at all is reported too.
            """,
        triggers: [RuleExample(#"{"ios_title": {"en": "Sale", "de": ""}, "content": "x", "inbox_days": 3}"#),
                   RuleExample(#"{"ios_title": "Sale", "content": {"en": "Everything 30% off", "fr": null}, "inbox_days": 3}"#)],
        passes: [RuleExample(#"{"ios_title": {"en": "Sale", "de": "Schlussverkauf"}, "content": "x", "inbox_days": 3}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        if Self.isLocalised(message.title) {
            check(message.title, name: Self.fieldNames(message.shape).title, reads: "title", into: &report)
        }
        if Self.isLocalised(message.body) {
            check(message.body, name: Self.fieldNames(message.shape).body, reads: "text", into: &report)
        }
    }

    /// What `check` looks at: an object, or a field read from languages.
    @inline(__always)
    private static func isLocalised(_ field: TextField?) -> Bool {
        field?.value.kind == .object || field?.localizations.isEmpty == false
    }

    private func check(_ field: TextField?, name: String, reads: String, into report: inout Report) {
        guard let field, field.value.kind == .object || !field.localizations.isEmpty else { return }
        if field.localizations.isEmpty {
            report.add(description, at: field.value,
                       "\(name) is an object with no language in it: no reader gets this text")
            return
        }
        for entry in field.localizations {
            let problem: String
            if let text = entry.value.string {
                guard text.allSatisfy({ $0.isWhitespace }) else { continue }
                problem = text.isEmpty ? "is empty" : "is only spaces"
            } else {
                problem = "is \(InboxDaysRange.kindName(entry.value)), not text"
            }
            report.add(description, at: entry.value, """
                \(name) in \(json: entry.language) \(problem): readers of that language \
                get no \(reads)
                """)
        }
    }

    /// What the title and body fields are called in each shape.
    static func fieldNames(_ shape: Shape) -> (title: String, body: String) {
        (shape.titleField.description, shape.bodyField.description)
    }
}
