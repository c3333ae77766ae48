/// What went wrong while reading JSON: the kind of problem and its data. The model gives
/// each kind its rule code and words the finding (`JSONIssue+Wording` in InboxModel).
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
}

/// One problem the parser found, complete enough to report without going back to the
/// document: its kind, position, RFC 6901 pointer and the parser's phrase for what it found.
public struct JSONIssue: Error, Equatable, Sendable {
    public var kind: JSONIssueKind
    /// Where it happened; for `.duplicateKey` the second, winning key.
    public var position: SourcePosition
    /// Pointer of the value being parsed (or of the duplicated member), including any nested prefix.
    public var pointer: String
    /// What the parser found, as a phrase (for a syntax error: "expected ..., found ...").
    public var detail: String
    /// For a problem inside JSON held in a string (`parseNested`): that string's pointer
    /// ("" for a top-level string); nil for a document read from its own bytes.
    public var nestedIn: String?
    /// For a syntax error that is a trailing comma (`[1, 2,]`), the comma's offset in the
    /// outermost source: removing it is a fix that is certain.
    public var trailingComma: Int?

    /// For a syntax error: the usual mistake it looks like, when it does (IK001 words it).
    public var mistake: JSONMistake?
    /// For a syntax error: the source line around `position`, to show with a caret. Not
    /// compared: a streamed batch element sees only its own bytes of the line, and the
    /// issue is the same one.
    public var excerpt: SourceExcerpt?

    public static func == (lhs: JSONIssue, rhs: JSONIssue) -> Bool {
        lhs.kind == rhs.kind && lhs.nestedIn == rhs.nestedIn && lhs.position == rhs.position
            && lhs.pointer == rhs.pointer && lhs.detail == rhs.detail && lhs.mistake == rhs.mistake
    }

    public init(kind: JSONIssueKind, position: SourcePosition, pointer: String, detail: String, nestedIn: String? = nil,
                trailingComma: Int? = nil, mistake: JSONMistake? = nil, excerpt: SourceExcerpt? = nil) {
        self.trailingComma = trailingComma
        self.kind = kind
        self.position = position
        self.pointer = pointer
        self.detail = detail
        self.nestedIn = nestedIn
        self.mistake = mistake
        self.excerpt = excerpt
    }
}
