/// IK007: custom data delivered as a JSON string (`u`, `action_params`) that does not parse.
public struct NestedJSONInvalid: MessageRule {
    public init() {}
    /// Its message check looks only at the problems of nested JSON strings.
    public static let needs: MessageFacts = [.nestedIssues]
    public let description = RuleDescription(
        code: "IK007", severity: .error, title: "Custom data string is not valid JSON",
        explanation: """
            Custom data may be delivered as a string holding JSON: a notification's `data`, \
            a push's `u`, an inbox message's `action_params`. The SDK parses that string; when \
            it is not valid JSON, nothing inside it is seen: no displayType, buttons, carousel, \
            video, wallet or pinning. The finding points inside the string, at the character \
            where parsing stopped.
            """,
        triggers: [RuleExample(#"{"content": "x", "inbox_days": 3, "data": "{\"displayType\": \"banner\",}"}"#)],
        passes: [RuleExample(#"{"content": "x", "inbox_days": 3, "data": "{\"displayType\": \"banner\"}"}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        let params = message.actionParams
        if let issue = params.rootProblem { report.add(description, issue: issue) }
        if let issue = params.uProblem { report.add(description, issue: issue) }
    }
}
