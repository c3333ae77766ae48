import XCTest
@testable import InboxCore

/// The core's list of records with a header (`RecordBuffer`): appends until full, a grown
/// copy keeps every record in order, emptying keeps the room, and records are read and
/// moved through spans.
final class RecordBufferTests: XCTestCase {
    private struct Totals {
        var sum = 0
        var note = ""
    }

    private func records(_ buffer: RecordBuffer<Totals, Int>) -> [Int] {
        buffer.withRecords { span in (0 ..< span.count).map { span[$0] } }
    }

    func testAppendsUntilFullThenTellsWithoutChangingAnything() {
        let buffer = RecordBuffer<Totals, Int>.make(capacity: 3, extra: Totals())
        XCTAssertEqual(buffer.recordCapacity, 3)
        for value in [5, 6, 7] { XCTAssertTrue(buffer.append(value) { $0.sum += value }) }
        XCTAssertFalse(buffer.append(8) { $0.sum += 8 })
        XCTAssertEqual(buffer.count, 3)
        XCTAssertEqual(records(buffer), [5, 6, 7])
        XCTAssertEqual(buffer.withExtra { $0.sum }, 18, "the full append changed no header")
    }

    func testAGrownCopyKeepsTheRecordsInOrderWithTwiceTheRoom() {
        let buffer = RecordBuffer<Totals, Int>.make(capacity: 2, extra: Totals(sum: 0, note: "kept"))
        _ = buffer.append(1) { $0.sum += 1 }
        _ = buffer.append(2) { $0.sum += 2 }
        let grown = buffer.grown { extra in
            let moved = extra
            extra.note = "moved out"
            return moved
        }
        XCTAssertEqual(grown.recordCapacity, 8, "at least the minimum")
        XCTAssertEqual(records(grown), [1, 2])
        XCTAssertEqual(grown.withExtra { $0.note }, "kept")
        XCTAssertEqual(buffer.withExtra { $0.note }, "moved out")
        XCTAssertEqual(records(buffer), [1, 2], "the old buffer's records never move")
        for value in 3 ... 8 { XCTAssertTrue(grown.append(value) { _ in }) }
        XCTAssertFalse(grown.append(9) { _ in })
        XCTAssertEqual(grown.grown(minimum: 1) { $0 }.recordCapacity, 16)
    }

    func testEmptyingKeepsTheRoomAndResetsTheHeader() {
        let buffer = RecordBuffer<Totals, Int>.make(capacity: 4, extra: Totals())
        for value in 1 ... 4 { _ = buffer.append(value) { $0.sum += value } }
        let before = buffer.withExtra { $0.sum }
        let told = buffer.removeAll { extra -> Int in
            defer { extra = Totals() }
            return extra.sum
        }
        XCTAssertEqual(told, before)
        XCTAssertEqual(buffer.count, 0)
        XCTAssertEqual(buffer.recordCapacity, 4)
        XCTAssertEqual(buffer.withExtra { $0.sum }, 0)
        XCTAssertTrue(buffer.append(9) { _ in })
        XCTAssertEqual(records(buffer), [9])
    }

    func testRecordsMoveInPlaceThroughAMutableSpan() {
        let buffer = RecordBuffer<Totals, Int>.make(capacity: 8, extra: Totals())
        for value in [4, 1, 3, 2] { _ = buffer.append(value) { _ in } }
        buffer.withMutableRecords { span in
            for end in stride(from: span.count - 1, to: 0, by: -1) {
                for index in 0 ..< end where span[index] > span[index + 1] { span.swapAt(index, index + 1) }
            }
        }
        XCTAssertEqual(records(buffer), [1, 2, 3, 4])
    }

    /// A stable sort of a range: the records outside it stay where they are, equal keys keep
    /// their order, for short ranges (insertion) and long ones (the general sort).
    func testSortingARangeIsStableAndLeavesTheRestAlone() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 2, 5, 32, 33, 80] {
            let buffer = RecordBuffer<Totals, (key: Int, id: Int)>.make(capacity: length + 4, extra: Totals())
            _ = buffer.append((key: -1, id: -1)) { _ in }
            let values = (0 ..< length).map { (key: Int.random(in: 0 ... 3, using: &generator), id: $0) }
            for value in values { _ = buffer.append(value) { _ in } }
            _ = buffer.append((key: -2, id: -2)) { _ in }
            buffer.sortStably(1 ..< 1 + length) { $0.key < $1.key }
            let sorted = buffer.withRecords { span in (0 ..< span.count).map { span[$0] } }
            XCTAssertEqual(sorted.first?.id, -1)
            XCTAssertEqual(sorted.last?.id, -2)
            let expected = values.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }
            XCTAssertEqual(sorted.dropFirst().dropLast().map(\.id), expected.map(\.element.id), "\(length) records")
        }
    }

    /// Records that hold references are released with the buffer and when it is emptied.
    func testRecordsAreReleasedWithTheBufferAndWhenEmptied() {
        final class Marker {}
        weak var first: Marker?
        weak var second: Marker?
        var buffer: RecordBuffer<Totals, Marker>? = .make(capacity: 2, extra: Totals())
        do {
            let one = Marker()
            let two = Marker()
            first = one
            second = two
            _ = buffer?.append(one) { _ in }
            _ = buffer?.append(two) { _ in }
        }
        XCTAssertNotNil(first)
        buffer?.removeAll { _ in }
        XCTAssertNil(first)
        XCTAssertNil(second)
        do {
            let three = Marker()
            first = three
            _ = buffer?.append(three) { _ in }
        }
        XCTAssertNotNil(first)
        buffer = nil
        XCTAssertNil(first)
    }

    /// An array's storage identity changes exactly when an append moves its elements.
    func testArrayStorageIdentityTellsAMoveApart() {
        var array = [1, 2]
        array.reserveCapacity(8)
        let before = ArrayStorageIdentity(of: array)
        array.append(3)
        XCTAssertEqual(ArrayStorageIdentity(of: array), before, "appended within its room")
        let copy = array
        array.append(4)
        XCTAssertNotEqual(ArrayStorageIdentity(of: array), before, "shared with a copy: moved")
        XCTAssertEqual(ArrayStorageIdentity(of: copy), before)
    }
}
