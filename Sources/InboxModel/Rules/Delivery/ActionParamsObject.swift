import InboxCore

/// IK110: inbox `action_params` given as an object, though on the wire it is a JSON string.
public struct ActionParamsObject: MessageRule {
    public init() {}
    /// It looks only at inbox messages.
    public static let needs: MessageFacts = [.inbox]
    public let description = RuleDescription(
        code: "IK110", severity: .warning, title: "action_params is an object, not a JSON string",
        explanation: """
            In the inbox API response, `action_params` is a string holding JSON \
            (`"action_params": "{\\"displayType\\":\\"banner\\"}"`). The tool accepts an object \
            and reads it the same way, but the real response never has one: a fixture written \
            like this does not test what the app receives, and a proxy or backend that sends an \
            object is not sending what the SDK expects. Encode it as a string.
            """,
        triggers: [RuleExample(#"{"inbox_id": "a1", "order": "1", "rt": "1767225600", "text": "Hi", "action_type": 1, "status": 1, "action_params": {"displayType": "classic"}}"#)],
        passes: [RuleExample(#"{"inbox_id": "a1", "order": "1", "rt": "1767225600", "text": "Hi", "action_type": 1, "status": 1, "action_params": "{\"displayType\": \"classic\"}"}"#)],
        fix: RuleFix(.safe, "Writes the object as the JSON string the API sends (compact; numbers as written).",
                     before: RuleExample(#"{"inbox_id": "a1", "order": "1", "rt": "1767225600", "text": "Hi", "action_type": 1, "status": 1, "action_params": {"displayType": "classic", "weight": 1.50}}"#),
                     after: #"{"inbox_id": "a1", "order": "1", "rt": "1767225600", "text": "Hi", "action_type": 1, "status": 1, "action_params": "{\"displayType\":\"classic\",\"weight\":1.50}"}"#))

    /// The object replaced by the string of its compact JSON.
    static func encoded(_ params: JSONValue) -> Fix? {
        var edits = JSONEdits()
        edits.replace(params, withString: params.compactJSON)
        return edits.fix(.safe)
    }

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.shape == .inbox, let params = message.value["action_params"], params.kind == .object else { return }
        report.add(description, at: params, """
            action_params is an object; the inbox API sends it as a JSON string, so this is not what \
            the app receives (read the same way here)
            """, fix: Self.encoded(params))
    }
}
