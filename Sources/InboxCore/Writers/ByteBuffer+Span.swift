/// Bytes in and out of a `ByteBuffer` (and the command line's arrays) as spans and
/// collections, so code outside the core copies bytes without a pointer.
extension ByteBuffer {
    /// Appends `bytes`, in one copy.
    @inlinable
    public mutating func append(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends `count` copies of `byte` (padding, indents).
    public mutating func append(repeating byte: UInt8, count: Int) {
        guard count > 0 else { return }
        reserve(count)
        (base + _count).initialize(repeating: byte, count: count)
        _count += count
    }

    /// `bytes` on one line (`append(oneLine:)` of a buffer).
    public mutating func append(oneLine bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { append(oneLine: $0) }
    }

    /// `withSpan` reaching the buffer in place, for one kept in a class's stored property:
    /// read out of it for `withSpan`, the buffer is copied (its storage retained).
    @inlinable @inline(__always)
    public mutating func withSpanInPlace<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        try withSpan(body)
    }

    /// The bytes written so far, valid during `body`.
    @inlinable
    public func withSpan<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        try withBytes { try body($0.span) }
    }
}

extension Collection where Element == UInt8 {
    /// Calls `body` with these bytes as a span: in place when they are contiguous (an array,
    /// a slice, a buffer), else copied into an array first.
    @inlinable
    package func withByteSpan<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        if let result = try withContiguousStorageIfAvailable({ try body($0.span) }) { return result }
        return try Array(self).withByteSpan(body)
    }
}

extension Array where Element == UInt8 {
    /// Appends the bytes of `span`.
    @inlinable
    package mutating func append(contentsOf span: Span<UInt8>) {
        span.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}
