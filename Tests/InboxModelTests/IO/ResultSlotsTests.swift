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
        weak var taken: Tracked?
        weak var left: Tracked?
        var kept: Tracked?
        do {
            let slots = ResultSlots<Tracked>(count: 2)
            let first = Tracked(1)
            let second = Tracked(2)
            taken = first
            left = second
            slots.put(first, at: 0)
            slots.put(second, at: 1)
            slots.takeAll { if $0.value == 1 { kept = $0 } }
            // A second put over a slot taken and one not taken.
            slots.put(Tracked(3), at: 0)
            slots.put(Tracked(4), at: 1)
        }
        XCTAssertNotNil(taken) // held by `kept`
        XCTAssertNil(left) // taken and dropped by the body
        XCTAssertEqual(kept?.value, 1)
        weak var unTaken: Tracked?
        do {
            let slots = ResultSlots<Tracked>(count: 1)
            let value = Tracked(5)
            unTaken = value
            slots.put(value, at: 0)
        }
        XCTAssertNil(unTaken) // freed with the slots
    }
}
