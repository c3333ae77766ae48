import Foundation
import InboxCore

/// Writes bytes to a file descriptor completely and says how it went: a report cut short
/// by a full disk or a closed descriptor must not pass for a whole one (a truncated SARIF
/// file would let a gate pass). Every output of the tool (stdout, a report file) writes
/// through one of these.
struct DescriptorWriter {
    let descriptor: Int32

    /// How writing went.
    enum Outcome: Equatable {
        case written
        /// The reader went away (`EPIPE`, when `SIGPIPE` is ignored): the rest is dropped
        /// quietly, as a closed pipe ends any Unix tool.
        case closedPipe
        /// Anything else: the output is incomplete, and the run must say so.
        case failed(reason: String)
    }

    /// Writes all of `bytes`, again after an interruption or a partial write.
    func write(_ bytes: Span<UInt8>) -> Outcome {
        let written = DescriptorIO.write(descriptor, bytes)
        guard let error = written.error else {
            if written.count < bytes.count {
                return .failed(reason: "short write (\(written.count) of \(bytes.count) bytes written)")
            }
            return .written
        }
        return error.code == EPIPE ? .closedPipe : .failed(reason: error.reason)
    }

    /// Whether the descriptor is open (a parent may start the tool with stdout closed).
    var isOpen: Bool { fcntl(descriptor, F_GETFD) != -1 }
}
