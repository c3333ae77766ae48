#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the reader that fills a chunk (`LineReader` of the command line) does with its
/// memory, each access checked against the chunk's capacity. Keeping bytes handed out
/// unwritten is the reader's part (see `InputChunk`).
extension InputChunk {
    /// A chunk holding a copy of `bytes` (with room for one byte when they are none).
    package convenience init(copying bytes: [UInt8]) {
        self.init(capacity: max(1, bytes.count))
        write(bytes[...], at: 0)
    }

    /// A chunk of `capacity` bytes whose first ones are a copy of `bytes`.
    package convenience init(capacity: Int, copying bytes: ChunkBytes) {
        precondition(bytes.count <= capacity, "InputChunk: no room for the bytes copied")
        self.init(capacity: capacity)
        if bytes.count > 0 { base.initialize(from: bytes.chunk.base + bytes.start, count: bytes.count) }
    }

    /// The byte at `index` (read into before).
    @inlinable
    package subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < capacity, "InputChunk: index out of range")
        return base[index]
    }

    /// The bytes `range`, with the chunk.
    @inlinable
    package func bytes(_ range: Range<Int>) -> ChunkBytes {
        ChunkBytes(self, range)
    }

    /// Where `byte` first occurs in `range` (`memchr`), nil when it does not.
    @inlinable
    package func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        precondition(range.lowerBound >= 0 && range.upperBound <= capacity, "InputChunk: range out of bounds")
        guard !range.isEmpty, let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Copies `bytes` to `offset`, over bytes never handed out.
    package func write(_ bytes: ArraySlice<UInt8>, at offset: Int) {
        precondition(offset >= 0 && offset + bytes.count <= capacity, "InputChunk: no room for the bytes written")
        bytes.withUnsafeBufferPointer { source in
            if let start = source.baseAddress { (base + offset).initialize(from: start, count: source.count) }
        }
    }

    /// Moves the bytes `range` to the start of the chunk (a line cut by the chunk's end,
    /// when nothing holds the lines before it).
    package func moveToStart(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= capacity, "InputChunk: range out of bounds")
        if range.lowerBound > 0 && !range.isEmpty { memmove(base, base + range.lowerBound, range.count) }
    }
}
