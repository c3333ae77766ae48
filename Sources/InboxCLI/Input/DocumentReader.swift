import Foundation
import InboxModel
import InboxCore

/// Reads the JSON documents of one input: the whole file as one document, or, for
/// NDJSON, one document per non-blank line, streamed in chunks so memory stays bounded.
/// Every document is handed over where it was read, as `ChunkBytes` of an `InputChunk`
/// its parse keeps (`Inspector.inspect(_:source:firstLine:tapes:)`), never copied into
/// bytes of its own.
///
/// No document grows past `maxDocumentSize` in memory: a larger one (a file, a line) is
/// handed to `tooLarge` by its first line and not read further, and reading a whole
/// document stops at its first NUL byte, which JSON never holds (the parse fails there
/// whatever follows), so `/dev/zero` ends at once.
struct DocumentReader {
    var file: InputFile
    var stdinBytes: [UInt8]?
    var maxDocumentSize = Int.max

    struct ReadError: Error {
        var reason: String
    }

    /// Calls `body` with each document's bytes (in the chunk they were read into) and the
    /// line its first byte is on; `tooLarge` with the first line of each document over the limit.
    func forEachDocument(tooLarge: (Int) -> Void = { _ in }, _ body: (ChunkBytes, Int) -> Void) throws {
        if file.isStdin, let stdinBytes {
            let chunk = InputChunk(copying: stdinBytes)
            if file.isNDJSON || FirstLine.isWholeDocument(stdinBytes, ended: true) == true {
                LineReader.split(chunk, count: stdinBytes.count, firstLine: 1, maxLineLength: maxDocumentSize,
                                 tooLarge: tooLarge, body)
            } else if stdinBytes.count > maxDocumentSize {
                tooLarge(1)
            } else {
                body(chunk.bytes(0..<stdinBytes.count), 1)
            }
            return
        }
        let descriptor: Int32 = file.isStdin ? 0 : open(file.systemPath, O_RDONLY)
        guard descriptor >= 0 else { throw ReadError(reason: String(cString: strerror(errno))) }
        defer { if !file.isStdin { close(descriptor) } }
        if file.isNDJSON {
            var reader = LineReader(maxLineLength: maxDocumentSize)
            try reader.read({ try Self.read(descriptor, into: $0, $1) }, tooLarge: tooLarge, body)
            return
        }
        let whole = try readAll(descriptor)
        switch whole.ending {
        case .lines:
            // Standard input whose first line is a whole document is read as NDJSON, as a
            // `.ndjson` file is (`FirstLine`), and streamed on from what was read so far.
            var reader = LineReader(whole.chunk, count: whole.count, firstLine: 1, maxLineLength: maxDocumentSize)
            try reader.read({ try Self.read(descriptor, into: $0, $1) }, tooLarge: tooLarge, body)
        case .tooLarge:
            tooLarge(1)
        case .end, .nul:
            body(whole.chunk.bytes(0..<whole.count), 1)
        }
    }

    /// Whether standard input holding these bytes is read as NDJSON (`FirstLine`), for
    /// `--fix`, which must split it as the check did.
    static func looksLikeNDJSON(_ bytes: [UInt8]) -> Bool {
        FirstLine.isWholeDocument(bytes, ended: true) == true
    }

    /// How reading a whole document stopped.
    enum Ending {
        /// At the end of the input.
        case end
        /// At a NUL byte (the last byte read): the parse fails there, whatever follows.
        case nul
        /// Past `maxDocumentSize` (or `fstat` said it would be): nothing of it is kept.
        case tooLarge
        /// Standard input whose first line is a whole document (`FirstLine`): the rest is read line by line.
        case lines
    }

    /// The whole input, read into one chunk (sized from `fstat` when it can be), and its
    /// length, unless it stops early (`Ending`).
    private func readAll(_ descriptor: Int32) throws -> (chunk: InputChunk, count: Int, ending: Ending) {
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw ReadError(reason: "Is a directory")
        }
        let size = fstat(descriptor, &info) == 0 && info.st_size > 0 ? Int(info.st_size) : 0
        if size > maxDocumentSize && (info.st_mode & S_IFMT) == S_IFREG && !file.isStdin {
            return (InputChunk(capacity: 1), 0, .tooLarge)
        }
        var chunk = InputChunk(capacity: size > 0 ? min(size, maxDocumentSize) + 1 : LineReader.chunkSize)
        var count = 0
        // Standard input's first line, looked at as it arrives: NDJSON once it is a whole document.
        var firstLine: FirstLine? = file.isStdin ? FirstLine() : nil
        while true {
            if count == chunk.capacity { // more than `fstat` said (or than a pipe's first guess)
                if count > maxDocumentSize { return (InputChunk(capacity: 1), 0, .tooLarge) }
                chunk = InputChunk(capacity: min(chunk.capacity * 2, maxDocumentSize + 1), copying: chunk.bytes(0..<count))
            }
            let read = try Self.read(descriptor, into: chunk, count..<chunk.capacity)
            if read == 0 { break }
            if let nul = chunk.firstIndex(of: 0, in: count..<count + read) {
                return (chunk, nul + 1, .nul)
            }
            let decision = firstLine?.feed(chunk.bytes(count..<count + read))
            count += read
            if decision == true { return (chunk, count, .lines) }
            if decision == false { firstLine = nil }
        }
        if count > maxDocumentSize { return (InputChunk(capacity: 1), 0, .tooLarge) }
        if firstLine?.atEnd() == true { return (chunk, count, .lines) }
        return (chunk, count, .end)
    }

    /// One `read` into the bytes `range` of `chunk`, again when interrupted: the count
    /// read, 0 at the end.
    static func read(_ descriptor: Int32, into chunk: InputChunk, _ range: Range<Int>) throws(ReadError) -> Int {
        do {
            return try DescriptorIO.read(descriptor, into: chunk, range)
        } catch {
            throw ReadError(reason: error.reason)
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
    /// A longer line is not kept: it is handed to `tooLarge` by its number, and its bytes
    /// are dropped as they are read (`skipping`) up to its LF.
    private let maxLineLength: Int
    private var skipping = false

    /// `chunkSize`: smaller in tests, to cut lines at every place.
    init(firstLine: Int = 1, chunkSize: Int = LineReader.chunkSize, maxLineLength: Int = Int.max) {
        self.chunkSize = max(1, chunkSize)
        chunk = InputChunk(capacity: self.chunkSize)
        line = firstLine
        self.maxLineLength = maxLineLength
    }

    /// A reader of the `count` bytes already in `chunk`, reading on after them.
    init(_ chunk: InputChunk, count: Int, firstLine: Int, maxLineLength: Int = Int.max) {
        chunkSize = min(chunk.capacity, LineReader.chunkSize)
        self.chunk = chunk
        end = count
        line = firstLine
        self.maxLineLength = maxLineLength
    }

    /// Reads with `fill` until it gives nothing more, handing each line to `body` with its
    /// number. `fill` reads into the bytes of the chunk it is given (a range never empty,
    /// and never handed out) and returns how many bytes it read, 0 at the end.
    mutating func read(_ fill: (InputChunk, Range<Int>) throws -> Int, tooLarge: (Int) -> Void = { _ in },
                       _ body: (ChunkBytes, Int) -> Void) rethrows {
        handOverLines(tooLarge, body)
        while true {
            makeRoom()
            let room = min(chunk.capacity - end, chunkSize)
            let count = try fill(chunk, end..<end + room)
            guard count > 0 else { break }
            end += min(count, room)
            handOverLines(tooLarge, body)
        }
        finish(body)
    }

    /// The lines of `bytes` read `piece` bytes at a time, as a file or a pipe would give them:
    /// how the tests and the input fuzzer cut lines at every place of a chunk.
    mutating func read(_ bytes: [UInt8], piece: Int, tooLarge: (Int) -> Void = { _ in },
                       _ body: (ChunkBytes, Int) -> Void) {
        var offset = 0
        read({ chunk, room in
            let count = min(piece, room.count, bytes.count - offset)
            chunk.write(bytes[offset..<offset + count], at: room.lowerBound)
            offset += count
            return count
        }, tooLarge: tooLarge, body)
    }

    /// The lines of the first `count` bytes of `chunk` (standard input, read whole), numbered
    /// from `firstLine`.
    static func split(_ chunk: InputChunk, count: Int, firstLine: Int, maxLineLength: Int = Int.max,
                      tooLarge: (Int) -> Void = { _ in }, _ body: (ChunkBytes, Int) -> Void) {
        var reader = LineReader(chunk, count: min(count, chunk.capacity), firstLine: firstLine, maxLineLength: maxLineLength)
        reader.handOverLines(tooLarge, body)
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
            chunk.moveToStart(start..<end)
        } else {
            chunk = InputChunk(capacity: capacity, copying: chunk.bytes(start..<end))
        }
        scanned -= start
        end = partial
        start = 0
    }

    /// Hands over every line whose LF has been read; a line that has grown past
    /// `maxLineLength` without one goes to `tooLarge`, and is dropped up to its LF.
    private mutating func handOverLines(_ tooLarge: (Int) -> Void, _ body: (ChunkBytes, Int) -> Void) {
        while scanned < end, let newline = chunk.firstIndex(of: 0x0A, in: scanned..<end) {
            if skipping {
                skipping = false
            } else if newline - start - (newline > start && chunk[newline - 1] == 0x0D ? 1 : 0) > maxLineLength {
                tooLarge(line)
            } else {
                handOver(upTo: newline, body)
            }
            line += 1
            start = newline + 1
            scanned = start
        }
        scanned = end
        if !skipping && end - start - 1 > maxLineLength { // (one byte more: the CR before an LF)
            skipping = true
            tooLarge(line)
        }
        if skipping {
            start = end
            scanned = end
        }
    }

    /// The last line, with no LF after it.
    private mutating func finish(_ body: (ChunkBytes, Int) -> Void) {
        guard start < end, !skipping else { return }
        handOver(upTo: end, body)
        start = end
        scanned = end
    }

    /// The line from `start` up to `stop` (its LF, or the end), without a CR before it,
    /// unless it is blank.
    @inline(__always)
    private func handOver(upTo stop: Int, _ body: (ChunkBytes, Int) -> Void) {
        var lineEnd = stop
        if lineEnd > start && chunk[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        guard hasContent(start..<lineEnd) else { return }
        body(chunk.bytes(start..<lineEnd), line)
    }

    /// Whether the bytes `range` of the chunk hold something besides spaces and tabs.
    @inline(__always)
    private func hasContent(_ range: Range<Int>) -> Bool {
        for index in range {
            let value = chunk[index]
            if value != 0x20 && value != 0x09 { return true }
        }
        return false
    }
}
