import Foundation
import InboxModel
import InboxCore

/// A buffered writer for stdout or stderr. Output goes through one buffer per stream
/// because renderers write many small pieces; tests capture into memory instead.
final class OutputBuffer {
    /// Unchecked: only this class touches it, never from two accesses at once, and the
    /// runtime's check (a call on each side of every write) was a good part of copying a
    /// document's rendered findings in. A `ByteBuffer`, so the hot renderers write into
    /// it in place (`write(in:)`) rather than into bytes of their own copied in after.
    @exclusivity(unchecked) private var bytes: ByteBuffer
    /// Where `append` has its body write, then copied into `bytes`; kept between calls.
    @exclusivity(unchecked) private var staged: [UInt8] = []
    private let writer: DescriptorWriter?
    /// How writing has gone so far: once it stopped (a closed pipe, an error), what
    /// follows is dropped, and the run reports a failure (`CLI.main`).
    private(set) var outcome = DescriptorWriter.Outcome.written
    private let flushThreshold = 1 << 16
    /// Everything written, when capturing (tests).
    private(set) var captured: [UInt8] = []
    /// Why a write to the descriptor failed, once one did; nothing more is written after
    /// it. Whoever owns the stream decides what a failure means (a report file cut short
    /// fails the run: `OutputFile.close`). A closed pipe is the reader's choice, not a failure.
    var writeFailure: String? {
        if case .failed(let reason) = outcome { return reason }
        return nil
    }

    /// Writes to a file descriptor (1 or 2).
    init(descriptor: Int32) {
        writer = DescriptorWriter(descriptor: descriptor)
        bytes = ByteBuffer(capacity: flushThreshold * 2)
    }

    /// Captures output in memory.
    init() {
        writer = nil
        bytes = ByteBuffer()
    }

    var capturedText: String { String(decoding: captured, as: UTF8.self) }

    /// Marks the output failed before anything is written (its descriptor is closed).
    func fail(_ reason: String) {
        outcome = .failed(reason: reason)
    }

    func write(_ text: String) {
        bytes.append(contentsOf: text)
        flushIfFull()
    }

    func write(bytes more: [UInt8]) {
        bytes.append(more)
        flushIfFull()
    }

    /// Appends bytes rendered elsewhere (a document's findings), in one copy.
    func write(_ more: Span<UInt8>) {
        bytes.append(more)
        flushIfFull()
    }

    /// Appends bytes rendered elsewhere, whatever holds them, in one copy when they lie
    /// in one piece of memory.
    func write(_ more: some Collection<UInt8>) {
        more.withByteSpan { write($0) }
    }

    /// Appends bytes written by `body` (no intermediate String), for output built as an array.
    func append(_ body: (inout [UInt8]) -> Void) {
        body(&staged)
        bytes.append(staged)
        staged.removeAll(keepingCapacity: true)
        flushIfFull()
    }

    /// Has `body` write at the end of the buffer, in place (for the hot output paths):
    /// what it writes is output as it is.
    func write<Result>(in body: (inout ByteBuffer) -> Result) -> Result {
        let result = body(&bytes)
        flushIfFull()
        return result
    }

    @inline(__always)
    private func flushIfFull() {
        if bytes.count >= flushThreshold { flush() }
    }

    func line(_ text: String = "") {
        write(text)
        write("\n")
    }

    func flush() {
        guard !bytes.isEmpty else { return }
        guard let writer else {
            bytes.withSpan { captured.append(contentsOf: $0) }
            bytes.removeAll()
            return
        }
        if outcome == .written {
            outcome = bytes.withSpan { writer.write($0) }
        }
        bytes.removeAll()
    }
}
