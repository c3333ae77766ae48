/// Reading string values without building a `String`, for the message model: URLs and
/// texts are checked (scheme, emptiness, characters) for every message, and decoded into
/// Strings only when a rule reports them or a renderer shows them.
extension JSONValue {
    /// Another value of the same document, by node index (negative: none). Slides and
    /// buttons keep their members' indices rather than a `JSONValue` (and a document
    /// reference) for each.
    func value(atNode index: Int32) -> JSONValue? {
        index >= 0 ? JSONValue(document: document, index: Int(index)) : nil
    }

    /// Calls `body` with the decoded UTF-8 of this string: the source bytes themselves (no
    /// copy) when it has no escapes, a decoded copy otherwise; nil for non-strings.
    func withStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        let node = self.node
        guard node.kind == .string else { return nil }
        return try document.bytes.withUnsafeBufferPointer { bytes in
            let from = Int(node.start) + 1
            let to = Int(node.end) - 1
            guard from < to else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
            if node.flags & NodeFlag.hasEscapes == 0 {
                return try body(UnsafeBufferPointer(rebasing: bytes[from ..< to]))
            }
            return try JSONStringDecoder.decode(bytes, from: from, to: to).withUnsafeBufferPointer(body)
        }
    }

    /// A string with at least one character: every escape decodes to at least one byte,
    /// so the raw length decides without decoding.
    var isNonEmptyString: Bool {
        let node = self.node
        return node.kind == .string && node.end - node.start > 2
    }

    /// Whether both are strings with the same decoded bytes (byte equality, as iOS
    /// compares dictionary keys and URLs), without building Strings.
    func sameString(as other: JSONValue) -> Bool {
        let mine = self.node
        let theirs = other.node
        guard mine.kind == .string, theirs.kind == .string else { return false }
        if mine.flags & NodeFlag.hasEscapes == 0, theirs.flags & NodeFlag.hasEscapes == 0,
           mine.end - mine.start != theirs.end - theirs.start {
            return false
        }
        return withStringBytes { left in
            other.withStringBytes { right in left.elementsEqual(right) } ?? false
        } ?? false
    }
}

extension MemberValues {
    /// The node index of the value of the name at `position`, when present.
    @inline(__always)
    func node(_ position: Int) -> Int? {
        self[position]?.index
    }
}
