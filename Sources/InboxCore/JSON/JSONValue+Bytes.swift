/// Questions asked of a value for every message, answered from the tape and the input
/// bytes without building a `String` or a `Double`: URLs and texts are checked (scheme,
/// emptiness, characters), numbers and first bytes tested, and a value is decoded only
/// when a rule goes on to report it or a renderer shows it.
extension JSONValue {
    /// Another value of the same document, by node index (negative: none). Slides and
    /// buttons keep their members' indices rather than a `JSONValue` (and a document
    /// reference) for each.
    package func value(atNode index: Int32) -> JSONValue? {
        index >= 0 ? sibling(Int(index)) : nil
    }

    /// Calls `body` with the decoded UTF-8 of this string: the source bytes themselves (no
    /// copy) when it has no escapes, a decoded copy otherwise; nil for non-strings.
    @inlinable package func withStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        let node = self.node
        guard node.kind == .string else { return nil }
        return try withInputBytes { bytes in
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
    @inlinable package var isNonEmptyString: Bool {
        let node = self.node
        return node.kind == .string && node.end - node.start > 2
    }

    /// Whether this is the empty string `""`, told from the node alone: an escape always
    /// decodes to at least one character, so only a node of two bytes (the quotes) is empty.
    @inlinable package var isEmptyString: Bool {
        let node = self.node
        return node.kind == .string && node.end - node.start == 2
    }

    /// Whether both are strings with the same decoded bytes (byte equality, as iOS
    /// compares dictionary keys and URLs), without building Strings.
    package func sameString(as other: JSONValue) -> Bool {
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

    /// The value of a number written as a plain non-negative integer of at most
    /// `maxDigits` digits (no sign, fraction or exponent), read from its bytes; nil for
    /// any other number and for other kinds, which the caller reads the usual way.
    @inline(__always)
    @inlinable package func plainInteger(maxDigits: Int) -> Int? {
        let node = self.node
        guard node.kind == .number, node.flags == 0 else { return nil }
        let length = Int(node.end) - Int(node.start)
        guard length > 0, length <= maxDigits else { return nil }
        return withInputBytes { bytes -> Int? in
            var value = 0
            for at in Int(node.start) ..< Int(node.end) {
                let digit = bytes[at] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
    }

    /// The first byte of a non-empty string written without escapes (nil otherwise, so
    /// a caller falls back to reading the decoded text).
    @inline(__always)
    @inlinable package var firstRawStringByte: UInt8? {
        let node = self.node
        guard node.kind == .string, node.flags & NodeFlag.hasEscapes == 0, node.end - node.start > 2 else { return nil }
        return inputBytes[Int(node.start) + 1]
    }

    /// Calls `body` with the bytes of a string written without escapes (its bytes are its
    /// text); nil for other strings and other kinds.
    @inline(__always)
    @inlinable package func withRawStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let node = self.node
        guard node.kind == .string, node.flags & NodeFlag.hasEscapes == 0 else { return nil }
        return withInputBytes { bytes in
            body(UnsafeBufferPointer(rebasing: bytes[Int(node.start) + 1 ..< Int(node.end) - 1]))
        }
    }
}

extension MemberValues {
    /// The node index of the value of the name at `position`, when present.
    @inline(__always)
    @inlinable package func node(_ position: Int) -> Int? {
        self[position]?.index
    }
}
