import XCTest
@testable import InboxCLI

/// The worker threads of `--jobs`: results in item order, batch after batch, while the
/// owner hands out the previous batch's results.
final class BatchWorkersTests: XCTestCase {
    func testResultsComeBackInOrderBatchAfterBatch() {
        for count in [1, 2, 5] {
            let workers = BatchWorkers<Int, String>(count: count) { item in
                // Uneven work, so workers finish their claims out of order.
                var value = item
                for _ in 0..<(item % 13) * 200 { value = (value &* 31) % 1_000_003 }
                return "\(item):\(value >= 0)"
            }
            var delivered: [String] = []
            var expected: [String] = []
            for batch in 0..<6 {
                let first = batch * 100
                let items = Array(first..<first + 37 + batch)
                expected += items.map { "\($0):true" }
                let finished = batch == 0 ? nil : workers.wait()
                workers.start(items)
                finished?.deliver { delivered.append($0) }
            }
            workers.wait().deliver { delivered.append($0) }
            workers.stop()
            XCTAssertEqual(delivered, expected, "\(count) workers")
        }
    }

    func testInFlightUntilCollected() {
        let workers = BatchWorkers<Int, Int>(count: 2) { $0 * 2 }
        XCTAssertFalse(workers.inFlight)
        workers.start([1, 2, 3])
        XCTAssertTrue(workers.inFlight)
        var results: [Int] = []
        workers.wait().deliver { results.append($0) }
        XCTAssertFalse(workers.inFlight)
        XCTAssertEqual(results, [2, 4, 6])
        workers.stop()
    }
}
