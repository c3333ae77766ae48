import InboxCore

/// Everything known about one JSON document of an input (a file, or one NDJSON line):
/// whether it parsed, the messages it holds and the objects that matched no shape.
///
/// Kept small, as the pipeline hands it from the inspector to the rules, the renderer and
/// the totals: what nearly every document lacks, a parse problem and values that are no
/// message, is held in one optional box, and its one message is held inline (see
/// `InspectedMessages`).
public struct InspectedDocument: Sendable {
    /// Name of the input (file path or `-`).
    public var source: String
    /// Line of the document's first byte in its input.
    public var firstLine: Int
    /// The parsed document; nil when parsing failed.
    public var document: JSONDocument?
    /// The input held nothing but whitespace (IK004).
    public var isEmpty: Bool
    /// The messages, in document order.
    public var messages: InspectedMessages
    /// `parseIssue`, `unrecognised` and `emptyContainers`; nil while all three are empty.
    private var problems: ReadingProblems?

    public init(source: String, firstLine: Int, document: JSONDocument? = nil, parseIssue: JSONIssue? = nil,
                isEmpty: Bool = false, unrecognised: [JSONValue] = [], emptyContainers: [JSONValue] = [],
                messages: InspectedMessages = []) {
        self.source = source
        self.firstLine = firstLine
        self.document = document
        self.isEmpty = isEmpty
        self.messages = messages
        if parseIssue != nil || !unrecognised.isEmpty || !emptyContainers.isEmpty {
            problems = ReadingProblems(parseIssue: parseIssue, unrecognised: unrecognised, emptyContainers: emptyContainers)
        }
    }

    /// A parsed document and what was found in it: the usual outcome, built once from its
    /// parts so that it is not copied on its way out.
    init(source: String, firstLine: Int, parsed document: consuming JSONDocument, found: consuming FoundValues) {
        self.source = source
        self.firstLine = firstLine
        self.document = document
        self.isEmpty = false
        self.messages = found.messages
        if found.unrecognised != nil || found.emptyContainers != nil {
            problems = ReadingProblems(parseIssue: nil, unrecognised: found.unrecognised ?? [], emptyContainers: found.emptyContainers ?? [])
        }
    }

    /// The fatal parse problem (IK001, IK005, IK006), when there was one.
    public var parseIssue: JSONIssue? {
        get { problems?.parseIssue }
        set { updateProblems { $0.parseIssue = newValue } }
    }

    /// Objects (or other values) that matched no shape (IK003).
    public var unrecognised: [JSONValue] {
        get { problems?.unrecognised ?? [] }
        set { updateProblems { $0.unrecognised = newValue } }
    }

    /// Containers that should hold messages but hold none or the wrong type, e.g. a
    /// request whose `notifications` is missing (IK004 at that place).
    public var emptyContainers: [JSONValue] {
        get { problems?.emptyContainers ?? [] }
        set { updateProblems { $0.emptyContainers = newValue } }
    }

    /// Moves the messages out, leaving none: for a holder about to free the document that
    /// keeps its messages.
    public mutating func takeMessages() -> InspectedMessages {
        var taken = InspectedMessages()
        swap(&taken, &messages)
        return taken
    }

    /// Moves the source name out, leaving it empty (see `takeMessages`).
    public mutating func takeSource() -> String {
        var taken = ""
        swap(&taken, &source)
        return taken
    }

    /// Non-fatal parser findings (IK002 duplicate keys, IK008 numbers out of range).
    public var parseWarnings: [JSONIssue] { document?.warnings ?? [] }

    /// Changes the box, which is copied first when another document shares it (copies of
    /// a document stay independent values).
    private mutating func updateProblems(_ change: (ReadingProblems) -> Void) {
        if problems == nil {
            problems = ReadingProblems(parseIssue: nil, unrecognised: [], emptyContainers: [])
        } else if !isKnownUniquelyReferenced(&problems) {
            problems = problems.map { ReadingProblems(parseIssue: $0.parseIssue, unrecognised: $0.unrecognised, emptyContainers: $0.emptyContainers) }
        }
        if let problems { change(problems) }
    }

    /// What reading the document found wrong besides its messages (see `problems`). Mutated only through `updateProblems`, when uniquely referenced.
    private final class ReadingProblems: @unchecked Sendable {
        var parseIssue: JSONIssue?
        var unrecognised: [JSONValue]
        var emptyContainers: [JSONValue]

        init(parseIssue: JSONIssue?, unrecognised: [JSONValue], emptyContainers: [JSONValue]) {
            self.parseIssue = parseIssue
            self.unrecognised = unrecognised
            self.emptyContainers = emptyContainers
        }
    }
}

/// What the inspector finds in a parsed document, gathered before the `InspectedDocument`
/// is built from it.
///
/// The lists of values that are no message are nil until one is found: nearly every
/// document has none, and a nil list costs nothing to drop.
struct FoundValues {
    /// The messages, in document order.
    var messages = InspectedMessages()
    /// See `InspectedDocument.unrecognised`; nil while empty.
    private(set) var unrecognised: [JSONValue]?
    /// See `InspectedDocument.emptyContainers`; nil while empty.
    private(set) var emptyContainers: [JSONValue]?

    mutating func addUnrecognised(_ value: JSONValue) {
        if unrecognised?.append(value) == nil { unrecognised = [value] }
    }

    mutating func addEmptyContainer(_ value: JSONValue) {
        if emptyContainers?.append(value) == nil { emptyContainers = [value] }
    }
}
