import XCTest
@testable import InboxCore

/// `ResultSlots` give back, in index order, every result put, from any thread and in any
/// order; each is moved out once, and what is never taken is freed with the slots.
final class ResultSlotsTests: XCTestCase {
    private final class Tracked: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    func testResultsComeOutInIndexOrderWhateverOrderTheyWentIn() {
        let slots = ResultSlots<String>(count: 5)
        for index in [3, 0, 4, 1] { slots.put("r\(index)", at: index) }
        var taken: [String] = []
        slots.takeAll { taken.append($0) }
        XCTAssertEqual(taken, ["r0", "r1", "r3", "r4"]) // slot 2 was never put
        slots.takeAll { taken.append($0) } // moved out: nothing is left
        XCTAssertEqual(taken.count, 4)
        XCTAssertEqual(ResultSlots<Int>(count: 0).count, 0)
    }

    func testSlotsPutFromManyThreadsAreAllThere() {
        let count = 10_000
        let slots = ResultSlots<Int>(count: count)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in stride(from: worker, to: count, by: 8) { slots.put(index * 3, at: index) }
        }
        var taken: [Int] = []
        slots.takeAll { taken.append($0) }
        XCTAssertEqual(taken, (0..<count).map { $0 * 3 })
    }

    func testTakenResultsBelongToTheTakerAndTheRestAreFreed() {
        weak var kept: Tracked?
        weak var dropped: Tracked?
        weak var neverTaken: Tracked?
        var holder: Tracked?
        do {
            let slots = ResultSlots<Tracked>(count: 2)
            let first = Tracked(1)
            let second = Tracked(2)
            kept = first
            dropped = second
            slots.put(first, at: 0)
            slots.put(second, at: 1)
            slots.takeAll { if $0.value == 1 { holder = $0 } }
            // Put again after the taking: freed with the slots, as nobody takes it.
            let third = Tracked(3)
            neverTaken = third
            slots.put(third, at: 1)
        }
        XCTAssertNotNil(kept) // moved out to `holder`
        XCTAssertEqual(holder?.value, 1)
        XCTAssertNil(dropped) // moved out, and let go by the body: the slots kept no copy
        XCTAssertNil(neverTaken)
    }
}
