/// IK009: a document larger than the limit; read whole, hostile input could take any
/// amount of memory, so it is reported instead of being read.
public struct DocumentTooLarge: DocumentRule {
    public init() {}
    /// Its document check looks only at documents that could not be read.
    public static let documentNeeds: DocumentFacts = [.parseIssue]
    public let description = RuleDescription(
        code: "IK009", severity: .error, title: "Document larger than the limit",
        explanation: """
            One document (a file read whole, one line of NDJSON, or one element of a large \
            batch) holds more than `--max-document-size` kilobytes (default 4096, 4 MB). An APNs \
            payload is at most 4 KB, so no real message comes close; such input is a broken \
            export or a deliberate attack. The document is not read any further, so memory \
            stays bounded. A large batch of messages is read element by element and is not \
            affected; raise the limit for a larger document.
            """,
        triggers: [RuleExample(#"{"content": ""# + RepeatedText.of("x", count: 1100) + #"", "inbox_days": 1}"#,
                               arguments: ["--max-document-size", "1"])],
        passes: [RuleExample(#"{"content": "x", "inbox_days": 1}"#, arguments: ["--max-document-size", "1"])])

    public func check(document: InspectedDocument, into report: inout Report) {
        guard let issue = document.parseIssue, case .tooLarge = issue.kind else { return }
        report.add(description, issue: issue)
    }
}
