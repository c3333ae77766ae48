/// IK003: a document that is none of the five shapes, so nothing in it can be checked.
public struct UnrecognisedShape: DocumentRule {
    public init() {}
    /// Its document check looks only at documents with values of no shape.
    public static let documentScope = DocumentScope.unrecognised
    public let description = RuleDescription(
        code: "IK003", severity: .error, title: "Payload shape not recognised",
        explanation: """
            The document is valid JSON but matches none of the payload shapes: a createMessage \
            request (`{"request": {"notifications": [...]}}`), a notification (has `content`, \
            `ios_title`, `inbox_image`, `inbox_date`, `inbox_days`, `data`, `send_date` or \
            `platforms`), an APNs push (has `aps`), an inbox message (has `inbox_id`, or a \
            `{"response": {"messages": [...]}}` wrapper) or an SDK message (has `actionParams`). \
            Check for a misspelt top-level key, or force the shape with `--shape`.
            """,
        triggers: [RuleExample(#"{"title": "Sale", "body": "50% off"}"#)],
        passes: [RuleExample(#"{"ios_title": "Sale", "content": "50% off"}"#)])

    public func check(document: InspectedDocument, into report: inout Report) {
        // Asked first, so the usual document (every value a message) leaves before the
        // loop holds the list (a release of the empty list per document).
        guard !document.unrecognised.isEmpty else { return }
        for value in document.unrecognised {
            let what: String
            switch value.kind {
            case .object:
                let keys = value.keys.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
                what = keys.isEmpty ? "an empty object" : "an object with keys \(keys)"
            case .array: what = "an array"
            case .string: what = "a string"
            case .number: what = "a number"
            case .bool: what = "a boolean"
            case .null: what = "null"
            }
            report.add(description, at: value,
                       "shape not recognised: \(what) is not a request, notification, push, inbox message or SDK message")
        }
    }
}
