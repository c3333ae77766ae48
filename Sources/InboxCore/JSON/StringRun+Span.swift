/// `StringRun` over a span (the streamed-batch splitter's chunks).
extension StringRun {
    /// Index of the first byte from `start` that ends a plain run of string contents, or `bytes.count`.
    @inline(__always)
    public static func end(_ bytes: Span<UInt8>, from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { end($0, from: start) }
    }

    /// Bytes 0x80...0xBF in `from..<to`.
    @inline(__always)
    public static func continuations(_ bytes: Span<UInt8>, from: Int, to: Int) -> Int {
        precondition(from >= 0 && from <= to && to <= bytes.count, "StringRun: range out of bounds")
        return bytes.withUnsafeBufferPointer { continuations($0, from: from, to: to) }
    }
}
