/// Memory that input is read into and parsed where it lies: a document parsed from bytes
/// of a chunk keeps the chunk alive (`JSONDocument.parse(_:in:)`), instead of a copy of
/// its bytes in an array of its own.
///
/// The reader that fills a chunk (`LineReader` of the command line) hands out complete
/// lines from it and only ever writes bytes it has not handed out yet: bytes a document
/// reads are never written again. Whether it may move a partial line back to the start
/// and read over the lines before it, it tells by holding the only reference (then every
/// document of the chunk is gone, as with `--jobs 1`, where one chunk serves a whole file);
/// otherwise it reads on into a new chunk.
public final class InputChunk: @unchecked Sendable { // @unchecked: bytes handed out are never written again
    /// The chunk's memory, `capacity` bytes, uninitialised until read into.
    public let base: UnsafeMutablePointer<UInt8>
    public let capacity: Int

    public init(capacity: Int) {
        precondition(capacity > 0, "InputChunk: no room")
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        base.deallocate()
    }
}
