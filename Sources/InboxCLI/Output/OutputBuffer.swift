import Foundation

/// A buffered writer for stdout or stderr. Output goes through one buffer per stream
/// because renderers write many small pieces; tests capture into memory instead.
final class OutputBuffer {
    /// Unchecked: only this class touches it, never from two accesses at once, and the
    /// runtime's check (a call on each side of every write) was a good part of copying a
    /// document's rendered findings in.
    @exclusivity(unchecked) private var bytes: [UInt8] = []
    private let descriptor: Int32?
    private let flushThreshold = 1 << 16
    /// Everything written, when capturing (tests).
    private(set) var captured: [UInt8] = []

    /// Writes to a file descriptor (1 or 2).
    init(descriptor: Int32) {
        self.descriptor = descriptor
        bytes.reserveCapacity(flushThreshold * 2)
    }

    /// Captures output in memory.
    init() {
        descriptor = nil
    }

    var capturedText: String { String(decoding: captured, as: UTF8.self) }

    func write(_ text: String) {
        text.withUTF8Bytes { bytes.append(contentsOf: $0) }
        if bytes.count >= flushThreshold { flush() }
    }

    func write(bytes more: [UInt8]) {
        bytes.append(contentsOf: more)
        if bytes.count >= flushThreshold { flush() }
    }

    /// Appends bytes rendered elsewhere (a document's findings), in one copy.
    func write(_ more: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: more)
        if bytes.count >= flushThreshold { flush() }
    }

    /// Appends bytes written in place (no intermediate String), for the hot output paths.
    func append(_ body: (inout [UInt8]) -> Void) {
        body(&bytes)
        if bytes.count >= flushThreshold { flush() }
    }

    func line(_ text: String = "") {
        write(text)
        write("\n")
    }

    func flush() {
        guard !bytes.isEmpty else { return }
        guard let descriptor else {
            captured.append(contentsOf: bytes)
            bytes.removeAll(keepingCapacity: true)
            return
        }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 {
                    if written < 0 && errno == EINTR { continue }
                    break // the reader went away (a closed pipe): drop the rest quietly
                }
                offset += written
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
