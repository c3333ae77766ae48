/// Everything known about one JSON document of an input (a file, or one NDJSON line):
/// whether it parsed, the messages it holds and the objects that matched no shape.
public struct InspectedDocument: Sendable {
    /// Name of the input (file path or `-`).
    public var source: String
    /// Line of the document's first byte in its input.
    public var firstLine: Int
    /// The parsed document; nil when parsing failed.
    public var document: JSONDocument?
    /// The fatal parse problem (IK001, IK005, IK006), when there was one.
    public var parseIssue: JSONIssue?
    /// The input held nothing but whitespace (IK004).
    public var isEmpty: Bool
    /// Objects (or other values) that matched no shape (IK003).
    public var unrecognised: [JSONValue]
    /// Containers that should hold messages but hold none or the wrong type, e.g. a
    /// request whose `notifications` is missing (IK004 at that place).
    public var emptyContainers: [JSONValue]
    /// The messages, in document order.
    public var messages: [InspectedMessage]

    /// Non-fatal parser findings (IK002 duplicate keys, IK008 numbers out of range).
    public var parseWarnings: [JSONIssue] { document?.warnings ?? [] }
}
