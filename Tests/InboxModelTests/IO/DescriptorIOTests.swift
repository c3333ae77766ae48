import XCTest
@testable import InboxCore

/// `DescriptorIO` reads what a descriptor gives (a short read is a short count, the end is
/// 0), goes on after a signal interrupts a call, writes everything even when the system
/// takes it piece by piece, and words the errors it stops at.
final class DescriptorIOTests: XCTestCase {
    /// A pipe's two ends, closed when the test ends.
    private func makePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        addTeardownBlock { for end in ends where end >= 0 { close(end) } }
        return (ends[0], ends[1])
    }

    /// A file holding `bytes`, open for reading, removed and closed when the test ends.
    private func makeFile(_ bytes: [UInt8]) throws -> Int32 {
        let made = try FileSystem.makeTemporaryFile(template: NSTemporaryDirectory() + "/descriptor-io-XXXXXX")
        unlink(made.path)
        addTeardownBlock { close(made.descriptor) }
        XCTAssertEqual(DescriptorIO.write(made.descriptor, bytes.span), DescriptorIO.Written(count: bytes.count, error: nil))
        XCTAssertEqual(lseek(made.descriptor, 0, SEEK_SET), 0)
        return made.descriptor
    }

    private func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
    }

    func testAShortReadGivesWhatWasThereAndTheEndGivesZero() throws {
        let ends = makePipe()
        _ = DescriptorIO.write(ends.write, [1, 2, 3].span)
        var buffer = [UInt8](repeating: 0xEE, count: 10)
        XCTAssertEqual(try DescriptorIO.read(ends.read, into: &buffer), 3)
        XCTAssertEqual(buffer, [1, 2, 3] + [UInt8](repeating: 0xEE, count: 7))
        _ = DescriptorIO.write(ends.write, [4, 5, 6, 7].span)
        XCTAssertEqual(try DescriptorIO.read(ends.read, into: &buffer, count: 2), 2) // no more than asked
        XCTAssertEqual(Array(buffer[..<3]), [4, 5, 3])
        close(ends.write)
        XCTAssertEqual(try DescriptorIO.read(ends.read, into: &buffer), 2)
        XCTAssertEqual(try DescriptorIO.read(ends.read, into: &buffer), 0)
    }

    func testReadingToTheEndJoinsEveryRead() throws {
        for count in [0, 1, 65_535, 65_536, 65_537, 200_003] {
            let expected = bytes(count)
            XCTAssertEqual(try DescriptorIO.readToEnd(makeFile(expected)), expected, "\(count) bytes")
        }
    }

    func testAReadAtAnOffsetReadsThereAndPastTheEndReadsNothing() throws {
        let content = bytes(100)
        let file = try makeFile(content)
        var buffer = [UInt8](repeating: 0, count: 8)
        XCTAssertEqual(try DescriptorIO.read(file, into: &buffer, count: 4, at: 5), 4)
        XCTAssertEqual(Array(buffer[..<4]), Array(content[5..<9]))
        XCTAssertEqual(try DescriptorIO.read(file, into: &buffer, count: 8, at: 97), 3)
        XCTAssertEqual(Array(buffer[..<3]), Array(content[97...]))
        XCTAssertEqual(try DescriptorIO.read(file, into: &buffer, count: 8, at: 100), 0)
    }

    func testAReadIntoAChunkFillsOnlyItsRange() throws {
        let ends = makePipe()
        _ = DescriptorIO.write(ends.write, Array("abcdef".utf8).span)
        let chunk = InputChunk(copying: [UInt8](repeating: UInt8(ascii: "."), count: 8))
        XCTAssertEqual(try DescriptorIO.read(ends.read, into: chunk, 2..<6), 4)
        XCTAssertEqual(String(decoding: chunk.bytes(0..<8), as: UTF8.self), "..abcd..")
        XCTAssertEqual(try DescriptorIO.read(ends.read, into: chunk, 6..<8), 2)
        XCTAssertEqual(String(decoding: chunk.bytes(0..<8), as: UTF8.self), "..abcdef")
    }

    func testErrorsAreThrownWithTheSystemsWords() {
        var buffer = [UInt8](repeating: 0, count: 4)
        XCTAssertThrowsError(try DescriptorIO.read(-1, into: &buffer)) { error in
            XCTAssertEqual(error as? SystemError, SystemError(code: EBADF))
            XCTAssertEqual((error as? SystemError)?.reason, String(cString: strerror(EBADF)))
        }
        XCTAssertThrowsError(try DescriptorIO.readToEnd(-1))
        XCTAssertEqual(DescriptorIO.write(-1, buffer.span), DescriptorIO.Written(count: 0, error: SystemError(code: EBADF)))
    }

    func testWritingStopsAtAFullDiskAndAClosedPipe() throws {
        let full = open("/dev/full", O_WRONLY)
        try XCTSkipIf(full < 0, "no /dev/full")
        defer { close(full) }
        XCTAssertEqual(DescriptorIO.write(full, bytes(10).span), DescriptorIO.Written(count: 0, error: SystemError(code: ENOSPC)))
        let ends = makePipe()
        close(ends.read)
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        XCTAssertEqual(DescriptorIO.write(ends.write, bytes(10).span).error, SystemError(code: EPIPE))
        XCTAssertEqual(DescriptorIO.write(ends.write, [UInt8]().span), DescriptorIO.Written(count: 0, error: nil))
    }

    /// A pipe takes 64 KiB at a time: a write of more goes on as the reader drains it,
    /// on a blocking descriptor (the system takes it in parts when a signal comes) and on
    /// a non-blocking one (where a full pipe says `EAGAIN`, and the writer waits).
    func testALargeWriteIsWrittenWholeThroughAPipeBlockingOrNot() {
        for nonBlocking in [false, true] {
            let ends = makePipe()
            if nonBlocking { _ = fcntl(ends.write, F_SETFL, fcntl(ends.write, F_GETFL) | O_NONBLOCK) }
            let expected = bytes(1 << 20)
            let reader = PipeReader(ends.read)
            let written = withInterruptions { DescriptorIO.write(ends.write, expected.span) }
            close(ends.write)
            XCTAssertEqual(written, DescriptorIO.Written(count: expected.count, error: nil), "non-blocking: \(nonBlocking)")
            XCTAssertEqual(reader.wait(), expected, "non-blocking: \(nonBlocking)")
        }
    }

    /// A read blocked on an empty pipe that signals interrupt (no `SA_RESTART`) is made
    /// again, and gets the bytes written after them.
    func testAnInterruptedReadIsMadeAgain() throws {
        let ends = makePipe()
        let writeEnd = ends.write
        var buffer = [UInt8](repeating: 0, count: 8)
        let count = try withInterruptions(then: { _ = DescriptorIO.write(writeEnd, Array("late".utf8).span) }) {
            try DescriptorIO.read(ends.read, into: &buffer)
        }
        XCTAssertEqual(Array(buffer[..<count]), Array("late".utf8))
    }

    /// Runs `body` on this thread while another sends it `SIGUSR1` every 5 ms for 100 ms,
    /// with a handler that does not restart interrupted calls, then runs `then` there.
    private func withInterruptions<R>(then: @escaping @Sendable () -> Void = {}, _ body: () throws -> R) rethrows -> R {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in }
        #else
        action.__sigaction_u.__sa_handler = { _ in }
        #endif
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGUSR1, &action, &previous)
        defer { sigaction(SIGUSR1, &previous, nil) }
        let target = pthread_self()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for _ in 0..<20 {
                pthread_kill(target, SIGUSR1)
                usleep(5_000)
            }
            then()
            done.signal()
        }
        defer { done.wait() }
        return try body()
    }
}

/// A thread that reads a descriptor to its end.
private final class PipeReader: @unchecked Sendable { // `bytes` is written by the thread, read after `finished`
    private var bytes: [UInt8] = []
    private let finished = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32) {
        Thread.detachNewThread { [self] in
            bytes = (try? DescriptorIO.readToEnd(descriptor)) ?? []
            finished.signal()
        }
    }

    func wait() -> [UInt8] {
        finished.wait()
        return bytes
    }
}
