import Foundation

/// Reads the JSON documents of one input: the whole file as one document, or, for
/// NDJSON, one document per non-blank line, streamed in chunks so memory stays bounded.
struct DocumentReader {
    var file: InputFile
    var stdinBytes: [UInt8]?
    /// Lines of an NDJSON file are read into one array reused from line to line (see
    /// `LineSplitter.reusesLines`): right when each document is done with before the next
    /// line is read (`--jobs 1`).
    var reusesLines = false

    struct ReadError: Error {
        var reason: String
    }

    /// Calls `body` with each document's bytes and the line its first byte is on.
    func forEachDocument(_ body: ([UInt8], Int) -> Void) throws {
        if file.isStdin, let stdinBytes {
            try deliver(bytes: stdinBytes, body)
            return
        }
        let descriptor: Int32 = file.isStdin ? 0 : open(file.name, O_RDONLY)
        guard descriptor >= 0 else { throw ReadError(reason: String(cString: strerror(errno))) }
        defer { if !file.isStdin { close(descriptor) } }
        if file.isNDJSON {
            try streamLines(descriptor, body)
        } else {
            try deliver(bytes: readAll(descriptor), body)
        }
    }

    /// A whole-document input. Standard input without `--ndjson` that holds several
    /// documents on separate lines is read as NDJSON, as `jq` would read it.
    private func deliver(bytes: [UInt8], _ body: ([UInt8], Int) -> Void) throws {
        if file.isNDJSON || (file.isStdin && Self.looksLikeNDJSON(bytes)) {
            LineSplitter.split(bytes, firstLine: 1, body)
        } else {
            body(bytes, 1)
        }
    }

    /// Several lines each starting with `{` and ending with `}`: one document per line.
    static func looksLikeNDJSON(_ bytes: [UInt8]) -> Bool {
        var documents = 0
        var result = true
        LineSplitter.split(bytes, firstLine: 1) { line, _ in
            guard result else { return }
            let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
            guard trimmed.first == UInt8(ascii: "{"),
                  trimmed.reversed().drop(while: { $0 == 0x20 || $0 == 0x09 }).first == UInt8(ascii: "}") else {
                result = false
                return
            }
            documents += 1
        }
        return result && documents > 1
    }

    private func readAll(_ descriptor: Int32) throws -> [UInt8] {
        var result: [UInt8] = []
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw ReadError(reason: "Is a directory")
        }
        if fstat(descriptor, &info) == 0, info.st_size > 0 { result.reserveCapacity(Int(info.st_size) + 1) }
        var chunk = Self.readBuffer()
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<count])
        }
        return result
    }

    /// A buffer for `read` (64 KiB), left uninitialised: only the bytes `read` fills are
    /// looked at, and zeroing it was 65 000 instructions per file.
    private static func readBuffer() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 1 << 16) { _, initialized in initialized = 1 << 16 }
    }

    private func streamLines(_ descriptor: Int32, _ body: ([UInt8], Int) -> Void) throws {
        var splitter = LineSplitter()
        splitter.reusesLines = reusesLines
        var chunk = Self.readBuffer()
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            splitter.feed(chunk[0..<count], body)
        }
        splitter.finish(body)
    }
}

/// Splits bytes into lines (LF, with a CR before it dropped), skipping blank lines and
/// keeping each line's number. Fed in chunks, it holds at most one partial line.
///
/// It runs on the thread that reads input while the workers inspect, so it is kept
/// cheap: newlines are found with `memchr`, and a line that lies inside one chunk is
/// copied once, straight into its own array of exactly its length (or into the reused
/// one, see `reusesLines`). Only a line cut by a chunk boundary is gathered in `pending`.
struct LineSplitter {
    private var pending: [UInt8] = []
    private var line = 1
    /// Copy each line into `reused` instead of a new array. The array handed to `body`
    /// is then shared with the splitter, and the next line overwrites it in place only
    /// when nothing else holds it any more (copy on write): with `--jobs 1` each document
    /// is inspected, rendered and freed before the next line is read, so one array serves
    /// the whole file, where a fresh one per line was an allocation, a free and the
    /// release that frees it, for every document. Correct whatever the caller keeps (a
    /// line still held is never written to); a caller found keeping them (a batch of
    /// documents waiting for workers) gets an array per line from then on.
    var reusesLines = false
    private var reused: [UInt8] = []

    mutating func feed(_ bytes: ArraySlice<UInt8>, _ body: ([UInt8], Int) -> Void) {
        bytes.withUnsafeBufferPointer { feed($0, body) }
    }

    mutating func feed(_ buffer: UnsafeBufferPointer<UInt8>, _ body: ([UInt8], Int) -> Void) {
        guard let base = buffer.baseAddress else { return }
        var start = 0
        while start < buffer.count,
              let found = memchr(base + start, 0x0A, buffer.count - start) {
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let piece = UnsafeBufferPointer(rebasing: buffer[start..<newline])
            if pending.isEmpty {
                emit(piece, body)
            } else {
                pending.append(contentsOf: piece)
                emitPending(body)
            }
            line += 1
            start = newline + 1
        }
        if start < buffer.count { pending.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...])) }
    }

    mutating func finish(_ body: ([UInt8], Int) -> Void) {
        emitPending(body)
    }

    /// A complete line found inside one chunk: copied once, unless it is blank.
    private mutating func emit(_ piece: UnsafeBufferPointer<UInt8>, _ body: ([UInt8], Int) -> Void) {
        let content = Self.withoutCR(piece.count) { piece[$0] }
        guard Self.hasContent(content, { piece[$0] }) else { return }
        let bytes = UnsafeBufferPointer(rebasing: piece[0..<content])
        guard reusesLines else {
            body(Array(bytes), line)
            return
        }
        if reused.capacity < content {
            reused = Array(bytes) // grows to the longest line so far
        } else {
            let before = reused.withUnsafeBufferPointer { $0.baseAddress }
            // One call overwrites the previous line in place (removing it and appending
            // the new one were two).
            reused.replaceSubrange(reused.indices, with: bytes)
            if reused.withUnsafeBufferPointer({ $0.baseAddress }) != before {
                // The previous line is still held, so the array was not overwritten but
                // replaced: this reader's documents are kept, and each line gets an array
                // of its own from now on.
                reusesLines = false
                let fresh = reused
                reused = []
                body(fresh, line)
                return
            }
        }
        body(reused, line)
    }

    /// The line gathered across chunks: handed over as it is, and a fresh buffer started.
    private mutating func emitPending(_ body: ([UInt8], Int) -> Void) {
        let content = Self.withoutCR(pending.count) { pending[$0] }
        if content < pending.count { pending.removeLast() }
        if Self.hasContent(content, { pending[$0] }) {
            let document = pending
            pending = []
            body(document, line)
        } else {
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// The length of a line without its trailing CR.
    private static func withoutCR(_ count: Int, _ byte: (Int) -> UInt8) -> Int {
        count > 0 && byte(count - 1) == 0x0D ? count - 1 : count
    }

    /// Whether the first `count` bytes hold something besides spaces and tabs.
    private static func hasContent(_ count: Int, _ byte: (Int) -> UInt8) -> Bool {
        var index = 0
        while index < count {
            let value = byte(index)
            if value != 0x20 && value != 0x09 { return true }
            index += 1
        }
        return false
    }

    static func split(_ bytes: [UInt8], firstLine: Int, _ body: ([UInt8], Int) -> Void) {
        var splitter = LineSplitter()
        splitter.line = firstLine
        splitter.feed(bytes[...], body)
        splitter.finish(body)
    }
}
