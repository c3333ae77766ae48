/// The bytes of a document and of its strings as `Span`s, for the model: a span is
/// bounds-checked and cannot outlive the closure it is given to, so code outside the core
/// reads bytes without pointers. Each reader is the pointer reader beside it, viewed.
extension JSONValue {
    /// Calls `body` with the document's input bytes.
    @inline(__always)
    @inlinable package func withInputSpan<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        try body(inputBytes.span)
    }

    /// Calls `body` with the decoded UTF-8 of this string (the source bytes when it has no
    /// escapes, a decoded copy otherwise); nil for non-strings.
    @inlinable package func withStringSpan<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R? {
        try withStringBytes { try body($0.span) }
    }

    /// Calls `body` with the bytes of a string written without escapes (its bytes are its
    /// text); nil for other strings and other kinds.
    @inline(__always)
    @inlinable package func withRawStringSpan<R>(_ body: (Span<UInt8>) -> R) -> R? {
        withRawStringBytes { body($0.span) }
    }

    /// `members(matching:)` with the document's bytes as a span: `position` gets each key's
    /// node and the input, and answers the slot of the name the key is, if any.
    @inline(__always)
    @inlinable package func members(matchingSpan position: (TapeNode, Span<UInt8>) -> Int?) -> MemberValues {
        members { key, bytes in position(key, bytes.span) }
    }

    /// Whether the string node `node` of `bytes` decodes to the bytes `text`.
    package static func stringNode(_ node: TapeNode, in bytes: Span<UInt8>, equals text: Span<UInt8>) -> Bool {
        precondition(Int(node.end) <= bytes.count, "string node outside its bytes")
        return bytes.withUnsafeBufferPointer { source in
            text.withUnsafeBufferPointer { stringNode(node, in: source, equals: $0) }
        }
    }
}

extension JSONDocument {
    /// Calls `body` with the document's input bytes.
    @inline(__always)
    @inlinable package func withInputSpan<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        try body(input.span)
    }

    /// `mayHaveKey(named:)` of a name given as a span of its UTF-8.
    @inline(__always)
    package func mayHaveKey(named name: Span<UInt8>) -> Bool {
        keySummary & KeySignature.bit(KeySignature.of(name)) != 0
    }
}

extension KeySignature {
    /// The signature of a key spelled `name` (its UTF-8 bytes).
    @inline(__always)
    package static func of(_ name: Span<UInt8>) -> UInt32 {
        of(length: name.count, first: name.isEmpty ? ASCII.quote : name[0])
    }
}

extension KeyBytes {
    /// `head` of a span: the first `min(length, 8)` bytes at `from`, little-endian,
    /// zero-padded; the `length` bytes must lie in `bytes`.
    @inline(__always)
    @inlinable package static func head(_ bytes: Span<UInt8>, from: Int, length: Int) -> UInt64 {
        precondition(from >= 0 && length >= 0 && from &+ length <= bytes.count, "key outside its bytes")
        return bytes.withUnsafeBufferPointer { head($0, from: from, length: length) }
    }

    /// `tail` of a span: the last eight bytes of a key of at least eight bytes at `from`.
    @inline(__always)
    @inlinable package static func tail(_ bytes: Span<UInt8>, from: Int, length: Int) -> UInt64 {
        precondition(from >= 0 && length >= 8 && from &+ length <= bytes.count, "key outside its bytes")
        return bytes.withUnsafeBufferPointer { tail($0, from: from, length: length) }
    }

    /// All of `bytes` (at most 16) as two little-endian words, zero-padded: the first eight
    /// and the next eight, for matching a short word with integer compares.
    @inline(__always)
    @inlinable package static func words(_ bytes: Span<UInt8>) -> (low: UInt64, high: UInt64) {
        precondition(bytes.count <= 16, "more than two words")
        return bytes.withUnsafeBufferPointer { buffer in
            var packed: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &packed) { $0.copyMemory(from: UnsafeRawBufferPointer(buffer)) }
            return (UInt64(littleEndian: packed.0), UInt64(littleEndian: packed.1))
        }
    }

    /// The eight bytes at `offset` as a little-endian word; they must lie in `bytes`.
    @inline(__always)
    @inlinable package static func word(_ bytes: Span<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}

extension ValidatedString {
    /// The string of all of `bytes` (well-formed UTF-8).
    @inline(__always)
    package static func make(_ bytes: Span<UInt8>) -> String {
        bytes.withUnsafeBufferPointer { make($0) }
    }
}

extension Tape {
    /// `stringBytes` of a span: the decoded bytes of a string node of `bytes`.
    package static func stringBytes(_ node: TapeNode, _ bytes: Span<UInt8>) -> [UInt8] {
        precondition(Int(node.end) <= bytes.count, "string node outside its bytes")
        return bytes.withUnsafeBufferPointer { stringBytes(node, $0) }
    }
}

extension JSONStringDecoder {
    /// `decodeEscape` of a span: the escape whose backslash is at `i`, read no further than
    /// `limit` (at most the span's end).
    package static func decodeEscape(_ bytes: Span<UInt8>, at i: Int, limit: Int) -> Escape {
        precondition(i >= 0 && i < limit && limit <= bytes.count, "escape outside its bytes")
        return bytes.withUnsafeBufferPointer { decodeEscape($0, at: i, limit: limit) }
    }
}
