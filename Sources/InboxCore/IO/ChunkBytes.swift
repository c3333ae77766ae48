/// Bytes read into an `InputChunk` (an NDJSON line, a whole file) and the chunk that holds
/// them, kept alive with them: how a document read in place travels from the reader to
/// the parse (`JSONDocument.parse(_:firstLine:maxDepth:tapes:)`), which then keeps the
/// chunk. Indices count from 0 at the first byte; every read is checked against the count.
public struct ChunkBytes: RandomAccessCollection, Sendable {
    public let chunk: InputChunk
    /// Where the bytes start in the chunk.
    @usableFromInline let start: Int
    public let count: Int

    /// The bytes `range` of `chunk`, which must have been read into and never be written
    /// again while the chunk is held (see `InputChunk`).
    public init(_ chunk: InputChunk, _ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= chunk.capacity, "ChunkBytes: outside its chunk")
        self.chunk = chunk
        start = range.lowerBound
        count = range.count
    }

    public typealias Indices = Range<Int>
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    @inlinable
    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "ChunkBytes: index out of range")
        return chunk.base[start &+ index]
    }

    @inlinable
    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try withExtendedLifetime(chunk) { try body(buffer) }
    }

    /// The bytes in place, for the parse: valid while `chunk` is held.
    @usableFromInline
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: chunk.base + start, count: count) }
}

extension JSONDocument {
    /// `parse` of bytes read in place, parsed where they lie; the document keeps their chunk.
    /// Inlined as `parse(_:in:)` is, so a caller's result is not copied out of memory.
    @inlinable @inline(__always)
    public static func parse(_ bytes: ChunkBytes, firstLine: Int = 1, maxDepth: Int = 512,
                             tapes: TapeReuse? = nil) -> Result<JSONDocument, JSONIssue> {
        parse(bytes.buffer, in: bytes.chunk, firstLine: firstLine, maxDepth: maxDepth, tapes: tapes)
    }
}
