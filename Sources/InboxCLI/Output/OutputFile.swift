import Foundation

/// A report file named by `--output-file` (or `--write-baseline`): opened before the run,
/// so a path that cannot be written is a usage error before anything is checked, written
/// through an `OutputBuffer` like stdout, and closed with every write checked, since a
/// report cut short by a full disk must not look like a complete one.
final class OutputFile {
    let path: String
    let buffer: OutputBuffer
    private var descriptor: Int32?

    /// Creates or truncates `path`; throws `UsageError` naming it when that fails.
    init(path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw UsageError("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.descriptor = descriptor
        buffer = OutputBuffer(descriptor: descriptor)
    }

    deinit {
        if let descriptor { Foundation.close(descriptor) }
    }

    /// Flushes and closes the file: nil when every byte reached it, else the problem, as
    /// a line for stderr.
    func close() -> String? {
        buffer.flush()
        guard let descriptor else { return nil }
        self.descriptor = nil
        let closed = Foundation.close(descriptor) == 0 ? nil : String(cString: strerror(errno))
        guard let failure = buffer.writeFailure ?? closed else { return nil }
        return "cannot write '\(path)': \(failure)"
    }
}
