import InboxCore

/// IK105: inbox lifetime given twice, or in two ways that contradict each other.
public struct InboxFieldConflict: MessageRule {
    public init() {}
    /// It looks only at notifications that may set an inbox field twice.
    public static let needs: MessageFacts = [.notification, .repeatedInboxField]
    /// The notification fields that control the inbox.
    public static let inboxKeys = Message.inboxKeys
    private static let inboxKeyNames = MemberNames(inboxKeys)

    public let description = RuleDescription(
        code: "IK105", severity: .warning, title: "Inbox fields given twice or in conflict",
        explanation: """
            The inbox fields of a notification must each be given once, in one way. \
            `inbox_date` (a last day) and `inbox_days` (a number of days) both set the \
            lifetime and cannot be used together: keep one, or it is unclear how long the \
            message stays. An inbox field repeated in the same object with different values \
            keeps only the last one. An inbox field copied into `data` or `ios_root_params` is \
            custom data there: it does not change delivery, and whoever edits it later edits \
            the wrong copy.
            """,
        triggers: [RuleExample(#"{"ios_title": "Hi", "content": "x", "inbox_days": 7, "inbox_date": "2026-12-24"}"#),
                   RuleExample(#"{"ios_title": "Hi", "content": "x", "inbox_days": 7, "data": {"inbox_days": 30}}"#)],
        passes: [RuleExample(#"{"ios_title": "Hi", "content": "x", "inbox_days": 7, "data": {"promo": "x"}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.shape == .notification else { return }
        if let days = message.inboxDays, let date = message.inboxDate, !days.isNull, !date.isNull {
            report.add(description, at: date, """
                both inbox_date and inbox_days are set: they cannot be used together, so how long the \
                message stays in the inbox is unclear; keep one
                """)
        }
        if message.value.node.flags & NodeFlag.hasDuplicateKeys != 0 { repeated(in: message.value, into: &report) }
        if let data = message.actionParams.u, Message.inboxKeyPretest.mayHaveMember(data) {
            copies(in: data, named: "data", into: &report)
        }
        if let rootParams = message.rootParams, Message.inboxKeyPretest.mayHaveMember(rootParams) {
            copies(in: rootParams, named: "ios_root_params", into: &report)
        }
    }

    /// Inbox keys inside a custom-data container (one pass over its members).
    private func copies(in container: JSONValue, named name: String, into report: inout Report) {
        let found = container.members(Self.inboxKeyNames)
        for (position, key) in Self.inboxKeys.enumerated() {
            guard let copy = found[position] else { continue }
            report.add(description, at: copy, """
                \(key) is inside \(name), where it is custom data: it does not change delivery; \
                set it on the notification itself only
                """)
        }
    }

    /// An inbox key that occurs twice with different values (same values are only IK002).
    private func repeated(in object: JSONValue, into report: inout Report) {
        let members = object.members
        for key in Self.inboxKeys {
            let occurrences = members.filter { $0.key == key }.map(\.value)
            guard occurrences.count > 1, let last = occurrences.last,
                  Set(occurrences.map(\.compactJSON)).count > 1 else { continue }
            let values = occurrences.map { Self.show($0) }.joined(separator: " and ")
            report.add(description, at: last, """
                \(key) is given \(occurrences.count) times (\(values)): only the last, \
                \(Self.show(last)), is used
                """)
        }
    }

    private static func show(_ value: JSONValue) -> String {
        let text = value.compactJSON
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
