import InboxCore

/// The rule code of each kind of parser problem (BEHAVIOUR §9): the parser says what is
/// wrong, the model says which rule it is, so renderers never guess.
extension JSONIssueKind {
    /// The code this kind has in a document read from its own bytes (inside a JSON string
    /// a fatal problem is IK007, see `JSONIssue.code`).
    public var code: String {
        switch self {
        case .syntax: return "IK001"
        case .duplicateKey: return "IK002"
        case .invalidUTF8, .loneSurrogate: return "IK005"
        case .tooDeep: return "IK006"
        case .numberOutOfRange: return "IK008"
        case .tooLarge: return "IK009"
        }
    }
}

extension JSONIssue {
    /// "IK001" ... ; "IK007" for a problem inside JSON held in a string.
    public var code: String { nestedIn == nil ? kind.code : "IK007" }

    /// The finding's sentence for a marketer, around what the parser found.
    public var message: String {
        if let nestedIn {
            let place = nestedIn.isEmpty ? "the top-level string" : "the string at \(nestedIn)"
            return "the JSON inside \(place) is invalid: \(detail)"
        }
        switch kind {
        case .syntax:
            return "JSON syntax error: " + detail
        case let .tooLarge(limit):
            return "the document is larger than \(limit / 1024) KB, the most one document may hold (no payload "
                + "comes close); it was not read (raise the limit with --max-document-size)"
        case .duplicateKey, .invalidUTF8, .loneSurrogate, .tooDeep, .numberOutOfRange:
            return detail
        }
    }

    /// IK009 for a document starting on `line` and larger than `limit` bytes.
    public static func tooLarge(limit: Int, line: Int) -> JSONIssue {
        JSONIssue(kind: .tooLarge(limit: limit), position: SourcePosition(offset: 0, line: line, column: 1), pointer: "",
                  detail: "larger than \(limit) bytes")
    }
}
