import Foundation
import InboxModel

/// Reads the JSON documents of one input: the whole file as one document, or, for
/// NDJSON, one document per non-blank line, streamed in chunks so memory stays bounded.
/// Every document is handed over where it was read, in an `InputChunk` its parse keeps
/// (`Inspector.inspect(_:in:)`), never copied into bytes of its own.
struct DocumentReader {
    var file: InputFile
    var stdinBytes: [UInt8]?

    struct ReadError: Error {
        var reason: String
    }

    typealias Fill = (UnsafeMutableRawBufferPointer) throws -> Int

    /// Calls `body` with each document's bytes, the chunk they lie in, and the line its
    /// first byte is on.
    func forEachDocument(_ body: (InputChunk, UnsafeBufferPointer<UInt8>, Int) -> Void) throws {
        if file.isStdin {
            if let stdinBytes { // captured (tests): read through the same steps as descriptor 0
                var offset = 0
                try readStandardInput({ room in
                    let count = min(room.count, stdinBytes.count - offset)
                    stdinBytes.withUnsafeBytes { all in
                        if count > 0, let from = all.baseAddress {
                            room.baseAddress?.copyMemory(from: from + offset, byteCount: count)
                        }
                    }
                    offset += count
                    return count
                }, body)
            } else {
                try readStandardInput({ try Self.read(0, into: $0) }, body)
            }
            return
        }
        let descriptor = open(file.systemPath, O_RDONLY)
        guard descriptor >= 0 else { throw ReadError(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        if file.isNDJSON {
            var reader = LineReader()
            try reader.read({ try Self.read(descriptor, into: $0) }, body)
        } else {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw ReadError(reason: String(cString: strerror(errno))) }
            if (info.st_mode & S_IFMT) == S_IFDIR { throw ReadError(reason: "Is a directory") }
            let size = info.st_size > 0 ? Int(info.st_size) : 0
            let chunk = InputChunk(capacity: size > 0 ? size + 1 : LineReader.chunkSize)
            let (whole, count) = try Self.readAll({ try Self.read(descriptor, into: $0) }, into: chunk, count: 0)
            body(whole, UnsafeBufferPointer(start: whole.base, count: count), 1)
        }
    }

    /// Standard input is read as a file named `.ndjson` is, one document per line, when
    /// `--ndjson` is given or its first line with content is a whole JSON document
    /// (`FirstLine`), so each broken line is its own finding and every other line is still
    /// checked; otherwise it is one document. Only as much as the decision needs is read
    /// before it (up to the end of the first line at most).
    private func readStandardInput(_ fill: Fill, _ body: (InputChunk, UnsafeBufferPointer<UInt8>, Int) -> Void) throws {
        var reader = LineReader()
        if file.isNDJSON {
            try reader.read(fill, body)
            return
        }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: LineReader.chunkSize)
        var firstLine = FirstLine()
        var isNDJSON: Bool?
        while isNDJSON == nil {
            let count = try buffer.withUnsafeMutableBytes { try fill($0) }
            head += buffer[..<count]
            isNDJSON = count == 0 ? firstLine.atEnd() : firstLine.feed(buffer[..<count])
        }
        var served = 0 // `head` first, then the rest of the input
        let rest: Fill = { room in
            guard served < head.count else { return try fill(room) }
            let count = min(room.count, head.count - served)
            head.withUnsafeBytes { all in
                if let from = all.baseAddress { room.baseAddress?.copyMemory(from: from + served, byteCount: count) }
            }
            served += count
            if served == head.count { // handed on whole: not held twice while the rest is read
                head = []
                served = 0
            }
            return count
        }
        if isNDJSON == true {
            try reader.read(rest, body)
        } else {
            let (whole, count) = try Self.readAll(rest, into: InputChunk(capacity: max(head.count * 2, LineReader.chunkSize)),
                                                 count: 0)
            body(whole, UnsafeBufferPointer(start: whole.base, count: count), 1)
        }
    }

    /// Everything `fill` gives, read into `chunk` after its first `count` bytes (into a
    /// larger chunk when it is full), and the length.
    private static func readAll(_ fill: Fill, into chunk: InputChunk, count initial: Int) throws -> (InputChunk, Int) {
        var chunk = chunk
        var count = initial
        while true {
            if count == chunk.capacity { // more than `fstat` said (or than a pipe's first guess)
                let larger = InputChunk(capacity: chunk.capacity * 2)
                larger.base.initialize(from: chunk.base, count: count)
                chunk = larger
            }
            let read = try fill(UnsafeMutableRawBufferPointer(start: chunk.base + count, count: chunk.capacity - count))
            if read == 0 { break }
            count += read
        }
        return (chunk, count)
    }

    /// One `read` into `buffer`, again when interrupted: the count read, 0 at the end.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw ReadError(reason: String(cString: strerror(errno))) }
        }
    }
}

/// Splits input into lines (LF, with a CR before it dropped), skipping blank lines and
/// keeping each line's number, and hands each line over where it was read: in the chunk
/// (`InputChunk`) it was read into, which a document parsed from it keeps.
///
/// It runs on the thread that reads input while the workers inspect, so it is kept cheap:
/// newlines are found with `memchr`, and no byte is copied but those of a line cut by the
/// end of a chunk, moved to the start of the next. A chunk nothing else holds any more is
/// read into again (with `--jobs 1` each document is freed before the next line is read,
/// so one chunk serves the whole file); one that documents still hold (a batch waiting for
/// the workers) is left to them, and reading goes on in a new one. A line copied into an
/// array of its own, or into one array reused from line to line, was a copy of every
/// byte and the calls around it, per document.
struct LineReader {
    /// The size of a chunk and of a read: a line longer than half of it gets a larger chunk.
    static let chunkSize = 1 << 16
    private let chunkSize: Int
    private var chunk: InputChunk
    /// The bytes of `chunk` read and not handed out: from `start` (the start of a line whose
    /// LF is not read yet) to `end`. Bytes before `start` may be held by documents, and are
    /// never written while they are.
    private var start = 0
    private var end = 0
    /// Where the search for the next LF resumes: the bytes from `start` to here have none.
    private var scanned = 0
    private var line: Int

    /// `chunkSize`: smaller in tests, to cut lines at every place.
    init(firstLine: Int = 1, chunkSize: Int = LineReader.chunkSize) {
        self.chunkSize = max(1, chunkSize)
        chunk = InputChunk(capacity: self.chunkSize)
        line = firstLine
    }

    /// A reader of the `count` bytes already in `chunk`.
    private init(_ chunk: InputChunk, count: Int, firstLine: Int) {
        chunkSize = chunk.capacity
        self.chunk = chunk
        end = count
        line = firstLine
    }

    /// Reads with `fill` until it gives nothing more, handing each line to `body` with its
    /// chunk and number. `fill` reads into the memory it is given (never empty) and returns
    /// how many bytes it read, 0 at the end.
    mutating func read(_ fill: (UnsafeMutableRawBufferPointer) throws -> Int,
                       _ body: (InputChunk, UnsafeBufferPointer<UInt8>, Int) -> Void) rethrows {
        while true {
            makeRoom()
            let room = min(chunk.capacity - end, chunkSize)
            let count = try fill(UnsafeMutableRawBufferPointer(start: chunk.base + end, count: room))
            guard count > 0 else { break }
            end += min(count, room)
            handOverLines(body)
        }
        finish(body)
    }

    /// The lines of `bytes` read `piece` bytes at a time, as a file or a pipe would give them:
    /// how the tests and the input fuzzer cut lines at every place of a chunk.
    mutating func read(_ bytes: [UInt8], piece: Int, _ body: (InputChunk, UnsafeBufferPointer<UInt8>, Int) -> Void) {
        var offset = 0
        read({ room in
            let count = min(piece, room.count, bytes.count - offset)
            bytes.withUnsafeBytes { all in
                if count > 0, let from = all.baseAddress { room.baseAddress?.copyMemory(from: from + offset, byteCount: count) }
            }
            offset += count
            return count
        }, body)
    }

    /// The lines of the first `count` bytes of `chunk` (standard input, read whole), numbered
    /// from `firstLine`.
    static func split(_ chunk: InputChunk, count: Int, firstLine: Int,
                      _ body: (InputChunk, UnsafeBufferPointer<UInt8>, Int) -> Void) {
        var reader = LineReader(chunk, count: min(count, chunk.capacity), firstLine: firstLine)
        reader.handOverLines(body)
        reader.finish(body)
    }

    /// Room after `end`. A full chunk has its partial line (from `start`) moved to its start
    /// when nothing else holds it, else to a new chunk: one of the usual size, unless the
    /// line fills half of that (then twice its length, so a long line is moved a few times).
    private mutating func makeRoom() {
        guard end == chunk.capacity else { return } // never handed out: read into as it is
        let partial = end - start
        let capacity = partial > chunkSize / 2 ? max(chunkSize, partial * 2) : chunkSize
        if capacity == chunk.capacity, isKnownUniquelyReferenced(&chunk) {
            if start > 0 { memmove(chunk.base, chunk.base + start, partial) }
        } else {
            let next = InputChunk(capacity: capacity)
            next.base.initialize(from: chunk.base + start, count: partial)
            chunk = next
        }
        scanned -= start
        end = partial
        start = 0
    }

    /// Hands over every line whose LF has been read.
    private mutating func handOverLines(_ body: (InputChunk, UnsafeBufferPointer<UInt8>, Int) -> Void) {
        let base = chunk.base
        while scanned < end, let found = memchr(base + scanned, 0x0A, end - scanned) {
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            handOver(upTo: newline, body)
            line += 1
            start = newline + 1
            scanned = start
        }
        scanned = end
    }

    /// The last line, with no LF after it.
    private mutating func finish(_ body: (InputChunk, UnsafeBufferPointer<UInt8>, Int) -> Void) {
        guard start < end else { return }
        handOver(upTo: end, body)
        start = end
        scanned = end
    }

    /// The line from `start` up to `stop` (its LF, or the end), without a CR before it,
    /// unless it is blank.
    @inline(__always)
    private func handOver(upTo stop: Int, _ body: (InputChunk, UnsafeBufferPointer<UInt8>, Int) -> Void) {
        let bytes = chunk.base + start
        var count = stop - start
        if count > 0 && bytes[count - 1] == 0x0D { count -= 1 }
        guard Self.hasContent(bytes, count) else { return }
        body(chunk, UnsafeBufferPointer(start: bytes, count: count), line)
    }

    /// Whether the first `count` bytes hold something besides spaces and tabs.
    @inline(__always)
    private static func hasContent(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        while index < count {
            let value = bytes[index]
            if value != 0x20 && value != 0x09 { return true }
            index += 1
        }
        return false
    }
}
