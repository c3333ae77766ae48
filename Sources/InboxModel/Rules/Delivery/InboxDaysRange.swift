import InboxCore

/// IK102: `inbox_days` must be a whole number of days from 1 to 30.
public struct InboxDaysRange: MessageRule {
    public init() {}
    /// It looks only at the inbox_days of a notification that is not plainly in range.
    public static let needs: MessageFacts = [.notification, .unusualInboxDays]
    public static let range = 1 ... 30

    public let description = RuleDescription(
        code: "IK102", severity: .error, title: "inbox_days not a whole number from 1 to 30",
        explanation: """
            `inbox_days` is how many days the message stays in the inbox after it is sent. The \
            platform accepts a JSON number that is a whole number from 1 to 30; anything else \
            (0, 45, 2.5, or the text "7" in quotes) is not a valid lifetime, so the message \
            does not stay in the inbox for the time you meant, or the request is refused. For \
            a fixed end date use `inbox_date` instead.
            """,
        triggers: [RuleExample(#"{"ios_title": "Flash sale", "content": "Today only", "inbox_days": 45}"#),
                   RuleExample(#"{"ios_title": "Flash sale", "content": "Today only", "inbox_days": 0}"#),
                   RuleExample(#"{"ios_title": "Flash sale", "content": "Today only", "inbox_days": "7"}"#),
                   RuleExample(#"{"ios_title": "Flash sale", "content": "Today only", "inbox_days": 2.5}"#)],
        passes: [RuleExample(#"{"ios_title": "Flash sale", "content": "Today only", "inbox_days": 30}"#)],
        fix: RuleFix(.unsafe, #"Writes the nearest whole number from 1 to 30 (45 becomes 30, 2.5 becomes 3, the text "7" becomes 7); a guess at the lifetime meant."#,
                     before: RuleExample(#"{"ios_title": "Flash sale", "content": "Today only", "inbox_days": 45}"#),
                     after: #"{"ios_title": "Flash sale", "content": "Today only", "inbox_days": 30}"#))

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.shape == .notification, let days = message.inboxDays, !days.isNull else { return }
        switch days.kind {
        case .number:
            // The usual value, one or two plain digits, is read from its bytes.
            if let whole = days.plainInteger(maxDigits: 2), Self.range.contains(whole) { return }
            // The text is built only for a finding.
            guard let value = days.number else { return }
            if value.rounded() != value || !value.isFinite {
                guard let text = days.numberText else { return }
                report.add(description, at: days, "inbox_days is \(text), not a whole number of days\(Self.consequence)",
                           fix: Self.clamped(days))
            } else if !(Int(exactly: value).map(Self.range.contains) ?? false) {
                guard let text = days.numberText else { return }
                report.add(description, at: days, "inbox_days is \(text), outside 1 to 30 days\(Self.consequence)",
                           fix: Self.clamped(days))
            } else {
                return
            }
        case .string:
            let text = days.string ?? ""
            report.add(description, at: days, """
                inbox_days is the text \(json: text), not a number; write it without quotes\(Self.consequence)
                """, fix: Self.clamped(days))
        default:
            report.add(description, at: days, "inbox_days is \(Self.kindName(days)), not a number of days\(Self.consequence)")
        }
    }

    /// The nearest whole number of days in `range`, for a number or a text holding one.
    static func clamped(_ days: JSONValue) -> Fix? {
        guard let value = days.number ?? days.string.flatMap({ Double($0.trimmed) }), value.isFinite else { return nil }
        let whole = min(max(value.rounded(), Double(range.lowerBound)), Double(range.upperBound))
        var edits = JSONEdits()
        edits.replace(days, with: String(Int(whole)))
        return edits.fix(.unsafe)
    }

    /// How every finding of the rule ends.
    private static let consequence: StaticString =
        ": the platform does not take it as the inbox lifetime (use a whole number from 1 to 30)"

    static func kindName(_ value: JSONValue) -> String {
        switch value.kind {
        case .null: return "null"
        case .bool: return "a true/false value"
        case .number: return "a number"
        case .string: return "text"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
