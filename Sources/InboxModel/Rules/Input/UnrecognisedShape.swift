import InboxCore

/// IK003: a document that is none of the five shapes, so nothing in it can be checked.
public struct UnrecognisedShape: DocumentRule {
    public init() {}
    /// Its document check looks only at documents with values of no shape.
    public static let documentNeeds: DocumentFacts = [.unrecognised]
    public let description = RuleDescription(
        code: "IK003", severity: .error, title: "Payload shape not recognised",
        explanation: """
            The document is valid JSON but matches none of the payload shapes: a createMessage \
            request (`{"request": {"notifications": [...]}}`), a notification (has `content`, \
            `ios_title`, `inbox_image`, `inbox_date`, `inbox_days`, `data`, `send_date` or \
            `platforms`), an APNs push (has `aps`), an inbox message (has `inbox_id`, or a \
            `{"response": {"messages": [...]}}` wrapper) or an SDK message (has `actionParams`). \
            Check for a misspelt top-level key, or force the shape with `--shape`. An object of \
            custom data alone (`displayType`, `carousel`, …) is told apart: it belongs under a \
            notification's `data`.
            """,
        triggers: [RuleExample(#"{"title": "Sale", "body": "50% off"}"#),
                   RuleExample(#"{"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}"#)],
        passes: [RuleExample(#"{"ios_title": "Sale", "content": "50% off"}"#)])

    /// A bare custom-data object given as the whole file: say where it belongs.
    static func customDataHint(_ value: JSONValue) -> String {
        let read = SDKKeyTable.names(at: .customData)
        let found = value.keys.filter { read.contains($0) }
        guard !found.isEmpty else { return "" }
        return "; its \(found.joined(separator: ", ")) \(found.count == 1 ? "is" : "are") custom data: put this object under "
            + "a notification's \"data\", as in {\"ios_title\": \"…\", \"content\": \"…\", \"inbox_days\": 7, \"data\": {…}}"
    }

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
                       Phrase("shape not recognised: \(what) is not a \(Shape.namesInWords)"
                              + Self.customDataHint(value)))
        }
    }
}
