/// IK108: an inbox API element the SDK drops because a required key is missing.
public struct InboxElementDropped: MessageRule {
    public init() {}
    /// It looks only at inbox messages.
    public static let needs: MessageFacts = [.inbox]
    /// Keys without which the SDK discards an inbox message (BEHAVIOUR §2).
    public static let requiredKeys = ["inbox_id", "order", "rt", "text", "action_type", "status"]

    public let description = RuleDescription(
        code: "IK108", severity: .error, title: "Inbox message the SDK drops (missing required key)",
        explanation: """
            When the SDK reads the inbox API response (getInboxMessages), it silently discards \
            every message that lacks one of `inbox_id`, `order`, `rt`, `text`, `action_type` or \
            `status` (or has it as null): the message never appears in the inbox and no error is \
            shown. This usually means a hand-made fixture or a proxy that rewrites the \
            response.
            """,
        triggers: [RuleExample(#"{"inbox_id": "a1", "order": "1", "rt": "1767225600", "text": "Hi", "status": 1}"#)],
        passes: [RuleExample(#"{"inbox_id": "a1", "order": "1", "rt": "1767225600", "text": "Hi", "action_type": 1, "status": 1}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.shape == .inbox else { return }
        let missing = Self.requiredKeys.filter { key in message.value[key].map(\.isNull) ?? true }
        guard !missing.isEmpty else { return }
        let list = missing.joined(separator: ", ")
        report.add(description, at: message.value,
                   "inbox message without \(list): the SDK drops it and it never appears in the inbox")
    }
}
