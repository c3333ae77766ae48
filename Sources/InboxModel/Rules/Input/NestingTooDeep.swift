/// IK006: nesting deeper than the limit; such input is hostile or broken, never a payload.
public struct NestingTooDeep: DocumentRule {
    public init() {}
    /// Its document check looks only at documents that failed to parse.
    public static let documentNeeds: DocumentFacts = [.parseIssue]
    public let description = RuleDescription(
        code: "IK006", severity: .error, title: "Nesting deeper than the limit",
        explanation: """
            Arrays and objects are nested deeper than 512 levels. No real payload comes close; \
            such input is a broken generator or a deliberate attack on parsers. The document is \
            not read further.
            """,
        triggers: [RuleExample(RepeatedText.of("[", count: 600) + RepeatedText.of("]", count: 600))],
        passes: [RuleExample(#"{"content": "x", "data": {"a": [[[1]]]}}"#)])

    public func check(document: InspectedDocument, into report: inout Report) {
        guard let issue = document.parseIssue, case .tooDeep = issue.kind else { return }
        report.add(description, issue: issue)
    }
}
