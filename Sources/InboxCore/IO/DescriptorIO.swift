#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes on a file descriptor, into and out of memory the caller owns (an
/// array, an `InputChunk`, a span), with the retries every caller wants: an interrupted
/// call (`EINTR`) is made again, a partial write goes on from where it stopped, and a full
/// non-blocking descriptor is waited for. No pointer leaves this type.
package enum DescriptorIO {
    /// One `read` into the first `count` bytes of `buffer` (all of it by default): how many
    /// bytes were read, 0 at the end of the input.
    package static func read(_ descriptor: Int32, into buffer: inout [UInt8], count: Int? = nil) throws(SystemError) -> Int {
        let wanted = min(count ?? buffer.count, buffer.count)
        return try buffer.withUnsafeMutableBytes { raw in
            retrying { systemRead(descriptor, raw.baseAddress, wanted) }
        }.get()
    }

    /// One `pread` at file offset `offset` into the first `count` bytes of `buffer`: how
    /// many bytes were read, 0 past the end of the file.
    package static func read(_ descriptor: Int32, into buffer: inout [UInt8], count: Int, at offset: Int) throws(SystemError) -> Int {
        let wanted = min(count, buffer.count)
        return try buffer.withUnsafeMutableBytes { raw in
            retrying { pread(descriptor, raw.baseAddress, wanted, off_t(offset)) }
        }.get()
    }

    /// One `read` into the bytes `range` of `chunk`, which must not have been handed out
    /// (see `InputChunk`): how many bytes were read, 0 at the end of the input.
    package static func read(_ descriptor: Int32, into chunk: InputChunk, _ range: Range<Int>) throws(SystemError) -> Int {
        precondition(range.lowerBound >= 0 && range.upperBound <= chunk.capacity, "DescriptorIO.read: outside the chunk")
        return try retrying { systemRead(descriptor, chunk.base + range.lowerBound, range.count) }.get()
    }

    /// Everything up to the end of the input.
    package static func readToEnd(_ descriptor: Int32) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try read(descriptor, into: &buffer)
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    /// How `write(_:_:)` went: the bytes written, and why it stopped before the end (nil
    /// when it did not, or when the system took no byte and said no error).
    package struct Written: Equatable {
        package var count: Int
        package var error: SystemError?
    }

    /// Writes all of `bytes`, again after an interruption or a partial write; stops at the
    /// first error, or at a write that takes nothing.
    package static func write(_ descriptor: Int32, _ bytes: Span<UInt8>) -> Written {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return Written(count: 0, error: nil) }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                if written == 0 { return Written(count: offset, error: nil) }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN: // a non-blocking descriptor that is full: wait until it takes more
                    var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&poller, 1, -1)
                default:
                    return Written(count: offset, error: .last)
                }
            }
            return Written(count: offset, error: nil)
        }
    }

    /// `call` again while it is interrupted: its count, or the error it failed with.
    private static func retrying(_ call: () -> Int) -> Result<Int, SystemError> {
        while true {
            let count = call()
            if count >= 0 { return .success(count) }
            if errno != EINTR { return .failure(.last) }
        }
    }
}

// The system's calls under names of their own: inside `DescriptorIO` its own `read` and
// `write` would be found first.
@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
