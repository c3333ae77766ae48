import Foundation
import InboxModel
import InboxCore

/// Bytes held for later output that may outgrow memory (JUnit's suites, which wait for
/// the totals of the whole run): the first `memoryLimit` bytes are kept in memory
/// (`ChunkedBytes`), the rest go to an unlinked temporary file in `$TMPDIR` (or /tmp),
/// read back when they are written out. So a run's peak memory stays flat whatever the
/// size of its report, as BEHAVIOUR §10 asks of every input size.
///
/// When no temporary file can be made or written to (no room on the disk), the bytes
/// stay in memory: the report is the same, only larger in memory. A class, because it
/// owns a file descriptor.
final class SpillingBytes {
    private var memory = ChunkedBytes()
    private var memoryCount = 0
    /// The temporary file, once bytes went to it, and how many bytes it holds.
    private var file: Int32?
    private var fileCount = 0
    /// Set when writing to a temporary file failed: from then on, bytes stay in memory.
    private var spillFailed = false
    let memoryLimit: Int

    init(memoryLimit: Int = 8 << 20) {
        self.memoryLimit = memoryLimit
    }

    deinit {
        if let file { close(file) }
    }

    var isEmpty: Bool { count == 0 }
    var count: Int { memoryCount + fileCount }
    /// Whether some bytes are in a temporary file (for tests).
    var hasSpilled: Bool { fileCount > 0 }

    func append(_ bytes: Span<UInt8>) {
        guard !bytes.isEmpty else { return }
        if fileCount > 0 || (memoryCount + bytes.count > memoryLimit && !spillFailed) {
            if appendToFile(bytes) { return }
        }
        memory.append(bytes)
        memoryCount += bytes.count
    }

    /// Appends bytes rendered elsewhere, whatever holds them.
    func append(_ bytes: some Collection<UInt8>) {
        bytes.withByteSpan { append($0) }
    }

    func append(_ bytes: ByteBuffer) {
        bytes.withSpan { append($0) }
    }

    /// Appends everything `other` holds, in order (memory first, then its file).
    func append(contentsOf other: SpillingBytes) {
        for chunk in other.memory.chunks { append(chunk) }
        other.readFile { append($0) }
    }

    /// Writes everything held to `out`, in order.
    func write(to out: OutputBuffer) {
        for chunk in memory.chunks { chunk.withSpan { out.write($0) } }
        readFile { out.write($0) }
    }

    /// Appends to the temporary file (made on first use); false when that failed, and
    /// then the bytes the file holds were moved back into memory, after which the caller
    /// keeps `bytes` in memory too.
    private func appendToFile(_ bytes: Span<UInt8>) -> Bool {
        guard let file = file ?? Self.makeTemporaryFile() else {
            spillFailed = true
            return false
        }
        self.file = file
        let written = DescriptorIO.write(file, bytes).count
        guard written == bytes.count else {
            // The disk is full: what was written is read back, and memory holds it all.
            fileCount += written
            moveFileIntoMemory()
            spillFailed = true
            if written > 0 { append(bytes.extracting(droppingFirst: written)) } else { return false }
            return true
        }
        fileCount += bytes.count
        return true
    }

    private func moveFileIntoMemory() {
        var kept = ChunkedBytes()
        readFile { kept.append($0) }
        for chunk in kept.chunks { chunk.withSpan { memory.append($0) } }
        memoryCount += fileCount
        if let file { close(file) }
        file = nil
        fileCount = 0
    }

    /// Calls `body` with the file's bytes, from the start, a piece at a time. A file this
    /// process wrote that cannot be read back is an I/O error of the run: the report
    /// would be cut, so the run stops with exit status 2 rather than print half of it.
    private func readFile(_ body: (Span<UInt8>) -> Void) {
        guard let file, fileCount > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while offset < fileCount {
            let read: Int
            do {
                read = try DescriptorIO.read(file, into: &buffer, count: min(buffer.count, fileCount - offset), at: offset)
            } catch {
                Self.stop(because: error.reason)
            }
            if read == 0 { Self.stop(because: "it ended early") }
            body(buffer.span.extracting(first: read))
            offset += read
        }
    }

    private static func stop(because reason: String) -> Never {
        // Written straight to the descriptor: `FileHandle` would link ICU into the binary.
        let message = "inbox-inspector: error: a temporary file of the report could not be read back (\(reason))\n"
        _ = DescriptorIO.write(2, Array(message.utf8).span)
        exit(2)
    }

    /// An unlinked file in `$TMPDIR` (or /tmp): it goes away with its descriptor.
    private static func makeTemporaryFile() -> Int32? {
        let directory = Environment.process["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return FileSystem.makeUnlinkedTemporaryFile(in: directory, prefix: "inbox-inspector-")
    }
}
