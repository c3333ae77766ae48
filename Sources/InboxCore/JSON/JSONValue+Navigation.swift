#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Walking arrays and objects. Children are found by following each subtree's `link`, so iterating
/// is linear; lookups scan members because push payload objects are small.
extension JSONValue {
    /// Elements of an array / members of an object (duplicate keys included), else 0.
    public var count: Int {
        let node = self.node
        return node.kind == .array || node.kind == .object ? Int(node.count) : 0
    }

    /// Object member; with duplicate keys the LAST one wins, as with NSJSONSerialization on iOS.
    public subscript(key: String) -> JSONValue? {
        guard let found = memberIndex(key) else { return nil }
        return sibling(found)
    }

    /// Node index of the member value named `key` (the last one with duplicate keys), nil
    /// when absent or when this is not an object. Works on indexes and raw bytes only:
    /// rules look up a handful of keys per message, for every message. As in `MemberNames`,
    /// a key of another length is passed over on its node alone and one of the same length
    /// is compared by its first eight bytes as one integer before any `memcmp`.
    func memberIndex(_ key: String) -> Int? {
        let tape = nodes.base
        let node = tape[index]
        guard node.kind == .object else { return nil }
        let keepLooking = node.flags & NodeFlag.hasDuplicateKeys != 0
        let memberCount = Int(node.count)
        return JSONValue.withUTF8(of: key) { key in
            withInputBytes { bytes -> Int? in
                guard let source = bytes.baseAddress else { return nil }
                let length = key.count
                let quotedLength = Int32(length + 2)
                let head = KeyBytes.head(key, from: 0, length: length)
                let keyBase = key.baseAddress
                var found: Int?
                var keyIndex = index + 1
                for _ in 0 ..< memberCount {
                    let candidate = tape[keyIndex]
                    let matches: Bool
                    if candidate.flags & NodeFlag.hasEscapes != 0 {
                        // Escaped keys can be longer than their value: decode and compare.
                        matches = JSONValue.stringNode(candidate, in: bytes, equals: key)
                    } else if candidate.end &- candidate.start == quotedLength {
                        let from = Int(candidate.start) + 1
                        matches = KeyBytes.head(bytes, from: from, length: length) == head
                            && (length <= 8 || keyBase.map { memcmp(source + from + 8, $0 + 8, length - 8) == 0 } ?? false)
                    } else {
                        matches = false
                    }
                    if matches {
                        found = keyIndex + 1
                        if !keepLooking { break }
                    }
                    keyIndex = Int(tape[keyIndex + 1].link)
                }
                return found
            }
        }
    }

    /// Array element (nil out of range or for non-arrays). Direct when all elements are scalars;
    /// otherwise a walk over the preceding siblings, so prefer `elements` when iterating.
    public subscript(position: Int) -> JSONValue? {
        let nodes = self.nodes
        let node = nodes[index]
        guard node.kind == .array, position >= 0, position < Int(node.count) else { return nil }
        if Int(node.link) == index + 1 + Int(node.count) {
            return sibling(index + 1 + position)
        }
        var child = index + 1
        for _ in 0 ..< position { child = Int(nodes[child].link) }
        return sibling(child)
    }

    /// Array elements in order ([] for non-arrays).
    public var elements: [JSONValue] {
        let nodes = self.nodes
        let node = nodes[index]
        guard node.kind == .array else { return [] }
        var result: [JSONValue] = []
        result.reserveCapacity(Int(node.count))
        var child = index + 1
        for _ in 0 ..< Int(node.count) {
            result.append(sibling(child))
            child = Int(nodes[child].link)
        }
        return result
    }

    /// Object members in source order, duplicates included ([] for non-objects).
    public var members: [(key: String, value: JSONValue)] {
        let nodes = self.nodes
        let node = nodes[index]
        guard node.kind == .object else { return [] }
        return withInputBytes { bytes in
            var result: [(key: String, value: JSONValue)] = []
            result.reserveCapacity(Int(node.count))
            var keyIndex = index + 1
            for _ in 0 ..< Int(node.count) {
                result.append((Tape.string(nodes[keyIndex], bytes), sibling(keyIndex + 1)))
                keyIndex = Int(nodes[keyIndex + 1].link)
            }
            return result
        }
    }

    /// Distinct member names in order of first appearance (a duplicated key is listed once, matching
    /// the dictionary iOS builds; use `members` to see every occurrence).
    /// Built straight from the key nodes (no member tuples); only an object with a duplicated
    /// key pays for a set of the names seen.
    public var keys: [String] {
        let nodes = self.nodes
        let node = nodes[index]
        guard node.kind == .object else { return [] }
        let hasDuplicates = node.flags & NodeFlag.hasDuplicateKeys != 0
        return withInputBytes { bytes in
            var result: [String] = []
            result.reserveCapacity(Int(node.count))
            var seen = Set<[UInt8]>()
            var keyIndex = index + 1
            for _ in 0 ..< Int(node.count) {
                let key = nodes[keyIndex]
                if !hasDuplicates || seen.insert(Tape.stringBytes(key, bytes)).inserted {
                    result.append(Tape.string(key, bytes))
                }
                keyIndex = Int(nodes[keyIndex + 1].link)
            }
            return result
        }
    }

    /// The array or object containing this value (nil for the root).
    public var parent: JSONValue? {
        let parent = Int(node.parent)
        return parent >= 0 ? sibling(parent) : nil
    }

    /// Position of this value's key when it is an object member (nil otherwise); handy when a rule is
    /// about the key itself, e.g. a custom-data key placed at the wrong level.
    public var keyPosition: SourcePosition? {
        let parent = Int(node.parent)
        let nodes = self.nodes
        guard parent >= 0, nodes[parent].kind == .object else { return nil }
        let offset = Int(nodes[index - 1].start)
        return withDocument { $0.position(atOffset: offset) }
    }
}
