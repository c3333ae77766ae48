/// A fixed list of member names looked up together, in one pass over an object's members.
///
/// Reading a notification asks its object for a dozen keys; a lookup per key walked
/// every member and compared bytes each time. Asking for them all at once walks the
/// members once and compares only keys of a matching length. At most 16 names.
public struct MemberNames: Sendable {
    /// The names' UTF-8, one after another, and where each starts and how long it is.
    let bytes: [UInt8]
    let offsets: [Int]
    let lengths: [Int]

    public init(_ names: [String]) {
        precondition(names.count <= 16, "MemberNames holds at most 16 names")
        bytes = names.flatMap { Array($0.utf8) }
        let lengths = names.map { $0.utf8.count }
        self.lengths = lengths
        offsets = lengths.indices.map { lengths[..<$0].reduce(0, +) }
    }
}

/// The values found by `JSONValue.members(_:)`, by the position of their name.
public struct MemberValues {
    private let document: JSONDocument?
    /// Node index of each name's value, -1 when absent.
    private var nodes = SIMD16<Int32>(repeating: -1)

    init(document: JSONDocument?) {
        self.document = document
    }

    /// The value of the name at `position` in the `MemberNames` asked for.
    public subscript(position: Int) -> JSONValue? {
        guard let document, nodes[position] >= 0 else { return nil }
        return JSONValue(document: document, index: Int(nodes[position]))
    }

    fileprivate mutating func set(_ position: Int, node: Int) {
        nodes[position] = Int32(node)
    }
}

extension JSONValue {
    /// The members named in `names` (the last one with duplicate keys, as iOS keeps), in
    /// one pass; all absent when this is not an object.
    public func members(_ names: MemberNames) -> MemberValues {
        let tape = document.nodes
        let node = tape[index]
        guard node.kind == .object else { return MemberValues(document: nil) }
        var found = MemberValues(document: document)
        document.bytes.withUnsafeBufferPointer { bytes in
            names.bytes.withUnsafeBufferPointer { nameBytes in
                var keyIndex = index + 1
                for _ in 0 ..< Int(node.count) {
                    let key = tape[keyIndex]
                    let escaped = key.flags & NodeFlag.hasEscapes != 0
                    let length = Int(key.end - key.start) - 2
                    for position in 0 ..< names.lengths.count where escaped || names.lengths[position] == length {
                        let name = UnsafeBufferPointer(rebasing: nameBytes[names.offsets[position] ..< names.offsets[position] + names.lengths[position]])
                        if JSONValue.stringNode(key, in: bytes, equals: name) { found.set(position, node: keyIndex + 1) }
                    }
                    keyIndex = Int(tape[keyIndex + 1].link)
                }
            }
        }
        return found
    }
}
