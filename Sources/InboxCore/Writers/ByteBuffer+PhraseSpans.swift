/// The appends a phrase (the wording of a finding) makes from spans: the pointer appends
/// beside them, viewed, so the model builds its wording without a pointer.
extension ByteBuffer {
    /// `appendOwned` for the bytes of a span.
    @inlinable @inline(__always)
    package mutating func appendOwned(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { appendOwned($0) }
    }

    /// `appendOwnedQuoted(plain:)` for the bytes of a span.
    @inline(__always)
    package mutating func appendOwnedQuoted(plain bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { appendOwnedQuoted(plain: $0) }
    }

    /// `appendQuoted` for the bytes of a span.
    package mutating func appendQuoted(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { appendQuoted($0) }
    }
}
