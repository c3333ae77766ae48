/// IK001: the document is not JSON, so the SDK (NSJSONSerialization) rejects it whole.
public struct JSONSyntax: DocumentRule {
    public init() {}
    /// Its document check looks only at documents that failed to parse.
    public static let documentScope = DocumentScope.parseIssue
    public let description = RuleDescription(
        code: "IK001", severity: .error, title: "JSON syntax error",
        explanation: """
            The document is not valid JSON. iOS parses payloads with NSJSONSerialization, which \
            rejects the whole document on the first syntax error: nothing in it reaches the inbox. \
            The finding says what was expected and what was found, at the exact line and column. \
            Common causes: a trailing comma, a missing comma between members, single quotes, \
            comments, or an unquoted key.
            """,
        triggers: [RuleExample(#"{"ios_title": "Sale", "content": "50% off",}"#)],
        passes: [RuleExample(#"{"ios_title": "Sale", "content": "50% off"}"#)],
        fix: RuleFix(.safe, "Removes a trailing comma; a file with any other syntax error is left as it is.",
                     before: RuleExample(#"{"ios_title": "Sale", "content": "50% off",}"#),
                     after: #"{"ios_title": "Sale", "content": "50% off"}"#))

    public func check(document: InspectedDocument, into report: inout Report) {
        guard let issue = document.parseIssue, case .syntax = issue.kind else { return }
        report.add(description, issue: issue, fix: issue.trailingComma.map { Fix(.safe, edits: [TextEdit($0 ..< $0 + 1, "")]) })
    }
}
