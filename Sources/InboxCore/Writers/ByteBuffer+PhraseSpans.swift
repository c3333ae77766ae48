/// The appends a phrase (the wording of a finding) makes from spans: the pointer appends
/// beside them, viewed, so the model builds its wording without a pointer.
extension ByteBuffer {
    /// `appendOwned` for the bytes of a span.
    @inlinable @inline(__always)
    package mutating func appendOwned(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { appendOwned($0) }
    }

    /// Bytes known to need no escape, as a JSON string literal (`appendQuoted` gives the
    /// same): the quotes and the bytes as they are, into a buffer that owns its storage alone.
    @inlinable @inline(__always)
    package mutating func appendOwnedQuoted(plain bytes: Span<UInt8>) {
        let count = bytes.count
        if capacity &- _count < count &+ 2 { grow(to: _count + count + 2) }
        base[_count] = ASCII.quote
        bytes.withUnsafeBufferPointer { source in
            if let from = source.baseAddress { (base + (_count &+ 1)).initialize(from: from, count: count) }
        }
        base[_count &+ 1 &+ count] = ASCII.quote
        _count &+= count &+ 2
    }

    /// `appendQuoted` for the bytes of a span.
    package mutating func appendQuoted(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { appendQuoted($0) }
    }
}
