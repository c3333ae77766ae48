/// Read helpers shared by the parser (for error pointers while the tape is still growing) and by
/// `JSONValue` (after parsing). They take the tape and bytes as arguments so neither side copies them.
enum Tape {
    /// The decoded value of a string node.
    static func string(_ node: TapeNode, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let from = Int(node.start) + 1
        let to = Int(node.end) - 1
        guard from <= to else { return "" }
        if node.flags & NodeFlag.hasEscapes == 0 {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[from ..< to]), as: UTF8.self)
        }
        return String(decoding: JSONStringDecoder.decode(bytes, from: from, to: to), as: UTF8.self)
    }

    /// The decoded bytes of a string node (raw bytes when it has no escapes).
    static func stringBytes(_ node: TapeNode, _ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let from = Int(node.start) + 1
        let to = Int(node.end) - 1
        guard from <= to else { return [] }
        if node.flags & NodeFlag.hasEscapes == 0 {
            return Array(UnsafeBufferPointer(rebasing: bytes[from ..< to]))
        }
        return JSONStringDecoder.decode(bytes, from: from, to: to)
    }

    /// Full RFC 6901 pointer of the value node at `index`: walks parent links (member names come from
    /// the key node just before a member value; element indexes from `slot`), so it costs O(depth).
    /// Must not be called for key nodes.
    static func pointer(of index: Int, nodes: NodeBuffer, bytes: UnsafeBufferPointer<UInt8>, prefix: String) -> String {
        var tokens: [String] = []
        var i = index
        while i > 0, i < nodes.count {
            let parent = Int(nodes[i].parent)
            guard parent >= 0, parent < i else { break }
            if nodes[parent].kind == .object {
                tokens.append(JSONPointer.escape(string(nodes[i - 1], bytes)))
            } else {
                tokens.append(String(nodes[i].slot))
            }
            i = parent
        }
        var result = prefix
        for token in tokens.reversed() {
            result += "/"
            result += token
        }
        return result
    }
}
