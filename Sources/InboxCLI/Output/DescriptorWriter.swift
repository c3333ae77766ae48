import Foundation

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
    func write(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard let base = bytes.baseAddress else { return .written }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
                continue
            }
            if written == 0 { return .failed(reason: "short write (\(offset) of \(bytes.count) bytes written)") }
            switch errno {
            case EINTR: continue
            case EAGAIN: // a non-blocking descriptor that is full: wait until it takes more
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, -1)
            case EPIPE: return .closedPipe
            default: return .failed(reason: String(cString: strerror(errno)))
            }
        }
        return .written
    }

    /// Whether the descriptor is open (a parent may start the tool with stdout closed).
    var isOpen: Bool { fcntl(descriptor, F_GETFD) != -1 }
}
