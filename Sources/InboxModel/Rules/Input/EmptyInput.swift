/// IK004: an input, or a batch inside it, that holds no message at all.
public struct EmptyInput: DocumentRule {
    public init() {}
    /// Its document check looks only at empty input and containers without messages.
    public static let documentNeeds: DocumentFacts = [.noMessages]
    public let description = RuleDescription(
        code: "IK004", severity: .error, title: "Empty input",
        explanation: """
            The input holds no message: the file is empty (or only whitespace), a top-level \
            array is empty, or a createMessage request has no `notifications` array with at \
            least one notification. A campaign file that checks clean because it is empty is \
            usually a mistake in the export.
            """,
        triggers: [RuleExample(""), RuleExample(#"{"request": {"application": "ABCDE-12345", "notifications": []}}"#)],
        passes: [RuleExample(#"{"request": {"notifications": [{"content": "Hello", "inbox_days": 3}]}}"#)])

    public func check(document: InspectedDocument, into report: inout Report) {
        if document.isEmpty {
            report.add(description, line: document.firstLine, "empty input: there is no JSON document here")
        }
        // Asked first, so the usual document (no container at all) leaves before the loop
        // holds the list (a release of the empty list per document).
        guard !document.emptyContainers.isEmpty else { return }
        for value in document.emptyContainers {
            let message: Phrase
            switch value.kind {
            case .array: message = "empty batch: this array holds no message"
            case .object where value["notifications"] == nil && value["messages"] == nil:
                message = "no messages: this object has no `notifications` (request) or `messages` (inbox response) array"
            default: message = "no messages: expected a non-empty array of messages here"
            }
            report.add(description, at: value, message)
        }
    }
}
