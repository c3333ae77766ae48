/// Where a document's bytes came from: a file (or a line of one, from `baseOffset` on), or
/// the decoded contents of a string of another document (`parseNested`), whose token, quotes
/// included, is `string` in that document's input. Fixes use it to carry edits out to the file.
public enum DocumentPlacement {
    case outermost(baseOffset: Int)
    case nested(in: JSONDocument, string: Range<Int>)
}

extension JSONDocument {
    public var placement: DocumentPlacement { resolver.placement }

    /// The document's input (decoded, for a nested one) as an array.
    package var inputArray: [UInt8] { Array(input) }
}

extension JSONValue {
    /// The value's bytes in its document's input (a string's include its quotes).
    public var byteRange: Range<Int> {
        let node = self.node
        return Int(node.start) ..< Int(node.end)
    }

    /// The bytes of this member's key, quotes included (nil when the value is no member).
    public var keyByteRange: Range<Int>? {
        guard let parent, parent.kind == .object else { return nil }
        let key = nodes[index - 1]
        return Int(key.start) ..< Int(key.end)
    }
}
