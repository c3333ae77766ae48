import XCTest
@testable import InboxCore

/// The core's object list read without reference counting (`BorrowingObjectList`) and the
/// per-thread slot handle (`ThreadSlot`).
final class BorrowedObjectsTests: XCTestCase {
    private final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    func testTheListLendsItsObjectsInOrderAndKeepsThemAlive() {
        weak var watched: Box?
        var list = BorrowingObjectList<Box>()
        do {
            for value in 0 ..< 5 {
                let box = Box(value)
                if value == 3 { watched = box }
                list.append(box)
            }
        }
        XCTAssertEqual(list.count, 5)
        XCTAssertEqual(list.indices, 0 ..< 5)
        XCTAssertEqual(list.indices.map { index in list.with(index) { $0.value } }, [0, 1, 2, 3, 4])
        XCTAssertNotNil(watched, "the list holds what it lends")
        XCTAssertTrue(list.with(3) { $0 === watched })
        var copy: BorrowingObjectList<Box>? = list
        list = BorrowingObjectList()
        XCTAssertNotNil(watched, "a copy holds them too")
        copy = nil
        XCTAssertNil(copy)
        XCTAssertNil(watched)
    }

    /// An object lent for a call is the one held, and the call's result comes back.
    func testBorrowingLendsTheHeldObject() {
        let box = Box(4)
        XCTAssertEqual(Borrowing.with(held: box) { $0 === box ? $0.value : -1 }, 4)
        let none: Box? = nil
        XCTAssertNil(Borrowing.with(none) { $0.value })
        XCTAssertEqual(Borrowing.with(Optional(box)) { $0.value }, 4)
    }

    func testEachThreadHasItsOwnSlotAndChangesStay() {
        let counters = ThreadLocal<Int> { _ in 10 }
        let slot = counters.slot
        slot.withValue { $0 += 1 }
        XCTAssertEqual(counters.slot.withValue { $0 }, 11)
        XCTAssertTrue(slot.isSame(as: counters.slot))
        let done = expectation(description: "other thread")
        let seen = Locked<Int?>(nil)
        Thread.detachNewThread {
            let other = counters.slot
            other.withValue { $0 += 5 }
            seen.set(other.withValue { $0 })
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(seen.get(), 15, "another thread starts from its own value")
        XCTAssertEqual(slot.withValue { $0 }, 11, "and leaves this thread's as it was")
    }

    /// A thread's value is made with its own slot, which it may keep.
    func testAValueIsMadeWithItsOwnSlot() {
        struct Own {
            var count = 0
            let slot: ThreadSlot<Own>?
        }
        let owns = ThreadLocal<Own> { Own(slot: $0) }
        let slot = owns.slot
        slot.withValue { $0.count = 7 }
        let kept = slot.withValue { $0.slot }
        XCTAssertEqual(kept?.withValue { $0.count }, 7)
        XCTAssertEqual(kept.map { $0.isSame(as: slot) }, true)
    }
}

/// A value shared by two threads in a test.
private final class Locked<Value>: @unchecked Sendable { // @unchecked: every access holds the lock
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func set(_ new: Value) { lock.withLock { value = new } }
    func get() -> Value { lock.withLock { value } }
}
