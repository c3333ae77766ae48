import Foundation
import XCTest
@testable import InboxCLI
import InboxModel

/// JUnit's report waits for the run's totals; what it holds goes to a temporary file past
/// a limit, and must come back byte for byte, in order, whether it spilled or not.
final class SpillingBytesTests: XCTestCase {
    private func pieces(_ sizes: [Int], seed: Int) -> [[UInt8]] {
        sizes.enumerated().map { index, size in
            (0 ..< size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index &* 7 &+ seed) }
        }
    }

    private func written(_ held: SpillingBytes) -> [UInt8] {
        let out = OutputBuffer()
        held.write(to: out)
        out.flush()
        return out.captured
    }

    func testBytesComeBackInOrderPastTheMemoryLimit() {
        let held = SpillingBytes(memoryLimit: 1000)
        let parts = pieces([10, 900, 200, 0, 5000, 1, 70_000, 3], seed: 1)
        for part in parts { part.withUnsafeBufferPointer { held.append($0) } }
        XCTAssertTrue(held.hasSpilled)
        XCTAssertEqual(held.count, parts.map(\.count).reduce(0, +))
        XCTAssertEqual(written(held), parts.flatMap { $0 })
        // Written out twice: the file is read from its start each time.
        XCTAssertEqual(written(held), parts.flatMap { $0 })
    }

    func testUnderTheLimitNothingSpills() {
        let held = SpillingBytes(memoryLimit: 1 << 20)
        let parts = pieces([100, 2000, 7], seed: 2)
        for part in parts { part.withUnsafeBufferPointer { held.append($0) } }
        XCTAssertFalse(held.hasSpilled)
        XCTAssertEqual(written(held), parts.flatMap { $0 })
    }

    /// A suite's cases are moved into the closed suites: memory part, then file part.
    func testAppendingAnotherKeepsBothOrders() {
        let suites = SpillingBytes(memoryLimit: 3000)
        let cases = SpillingBytes(memoryLimit: 500)
        let first = pieces([1000, 1500], seed: 3)
        let second = pieces([300, 400, 9000], seed: 4)
        for part in first { part.withUnsafeBufferPointer { suites.append($0) } }
        for part in second { part.withUnsafeBufferPointer { cases.append($0) } }
        XCTAssertTrue(cases.hasSpilled)
        suites.append(contentsOf: cases)
        XCTAssertTrue(suites.hasSpilled)
        XCTAssertEqual(written(suites), (first + second).flatMap { $0 })
    }

    /// No temporary file can be made: everything stays in memory, the bytes are the same.
    func testWithoutATemporaryDirectoryBytesStayInMemory() {
        let saved = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", "/nonexistent/inbox-inspector-tests", 1)
        defer { if let saved { setenv("TMPDIR", saved, 1) } else { unsetenv("TMPDIR") } }
        let held = SpillingBytes(memoryLimit: 100)
        let parts = pieces([60, 60, 6000], seed: 5)
        for part in parts { part.withUnsafeBufferPointer { held.append($0) } }
        XCTAssertFalse(held.hasSpilled)
        XCTAssertEqual(written(held), parts.flatMap { $0 })
    }

    /// Through the command: a report larger than the memory limit is the one held in memory.
    func testJUnitReportIsTheSameWhenItSpills() throws {
        let notification = #"{"content": "x", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": ""}]}}"#
        let path = temporaryFile("many.ndjson", Array(repeating: notification, count: 20_000).joined(separator: "\n"))
        let saved = ProcessInfo.processInfo.environment["TMPDIR"]
        let spilled = runCLI(["validate", "--format", "junit", path])
        setenv("TMPDIR", "/nonexistent/inbox-inspector-tests", 1)
        let inMemory = runCLI(["validate", "--format", "junit", path])
        if let saved { setenv("TMPDIR", saved, 1) } else { unsetenv("TMPDIR") }
        XCTAssertGreaterThan(spilled.out.utf8.count, 8 << 20) // past SpillingBytes' default limit
        XCTAssertEqual(spilled.status, inMemory.status)
        XCTAssertEqual(spilled.out, inMemory.out)
        XCTAssertTrue(spilled.out.hasSuffix("</testsuites>\n"))
    }
}
