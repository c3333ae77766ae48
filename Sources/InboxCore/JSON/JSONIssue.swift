/// What went wrong while reading JSON. Each case maps to one IK0 rule code (BEHAVIOUR §9), so the renderers
/// never have to guess which rule a parser problem belongs to.
public enum JSONIssueKind: Equatable, Sendable {
    /// `expected` / `found` are short phrases, e.g. expected "',' or '}'", found "']'" or "end of input".
    case syntax(expected: String, found: String)
    /// `first` is where the losing key is; the issue's own position is the later, winning key.
    case duplicateKey(key: String, first: SourcePosition)
    case invalidUTF8
    /// The escape as written in the source, e.g. `\ud800`.
    case loneSurrogate(String)
    case tooDeep(limit: Int)
    /// The number as written, e.g. "1e999"; it is kept as text and reported rather than silently changed.
    case numberOutOfRange(text: String)
    /// A document larger than `--max-document-size` (`limit` bytes); it was not read further.
    case tooLarge(limit: Int)

    /// The rule code this kind has in a top-level document (nested documents report fatal ones as IK007).
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

/// One parser finding, complete enough to print without going back to the document:
/// rule code, position, RFC 6901 pointer and a plain-English sentence for a marketer.
public struct JSONIssue: Error, Equatable, Sendable {
    public var kind: JSONIssueKind
    /// "IK001" ... (see `JSONIssueKind.code`; "IK007" for problems inside a nested JSON string).
    public var code: String
    /// Where it happened; for `.duplicateKey` the second, winning key.
    public var position: SourcePosition
    /// Pointer of the value being parsed (or of the duplicated member), including any nested prefix.
    public var pointer: String
    public var message: String
    /// For a syntax error that is a trailing comma (`[1, 2,]`), the comma's offset in the
    /// outermost source: removing it is a fix that is certain (IK001).
    public var trailingComma: Int?

    /// IK009 for a document starting on `line` and larger than `limit` bytes.
    public static func tooLarge(limit: Int, line: Int) -> JSONIssue {
        JSONIssue(kind: .tooLarge(limit: limit), code: "IK009", position: SourcePosition(offset: 0, line: line, column: 1),
                  pointer: "", message: "the document is larger than \(limit / 1024) KB, the most one document may "
                    + "hold (no payload comes close); it was not read (raise the limit with --max-document-size)")
    }

    /// For a syntax error: the usual mistake it looks like, when it does (IK001 words it).
    public var mistake: JSONMistake?
    /// For a syntax error: the source line around `position`, to show with a caret. Not
    /// compared: a streamed batch element sees only its own bytes of the line, and the
    /// issue is the same one.
    public var excerpt: SourceExcerpt?

    public static func == (lhs: JSONIssue, rhs: JSONIssue) -> Bool {
        lhs.kind == rhs.kind && lhs.code == rhs.code && lhs.position == rhs.position && lhs.pointer == rhs.pointer
            && lhs.message == rhs.message && lhs.mistake == rhs.mistake
    }

    public init(kind: JSONIssueKind, code: String, position: SourcePosition, pointer: String, message: String,
                trailingComma: Int? = nil, mistake: JSONMistake? = nil, excerpt: SourceExcerpt? = nil) {
        self.trailingComma = trailingComma
        self.kind = kind
        self.code = code
        self.position = position
        self.pointer = pointer
        self.message = message
        self.mistake = mistake
        self.excerpt = excerpt
    }
}
