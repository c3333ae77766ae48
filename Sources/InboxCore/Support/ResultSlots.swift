/// A fixed number of places for results computed in any order on several threads, then
/// taken out in order: a batch's results in `BatchWorkers` of the command line. Each slot
/// is written by the one worker that claimed its item, and read once every worker is done.
///
/// `@unchecked Sendable`: no two threads write one slot, and the slots are read only after
/// the writers are done, which the caller's lock orders (`ThreadCondition`).
package final class ResultSlots<Element>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Element?>

    package init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    package var count: Int { slots.count }

    /// Puts the result for item `index`.
    package func put(_ value: consuming Element, at index: Int) {
        precondition(index >= 0 && index < slots.count, "ResultSlots: index out of range")
        slots[index] = consume value
    }

    /// Hands every result put, in index order, to `body`, moving it out of its slot.
    package func takeAll(_ body: (Element) -> Void) {
        for index in slots.indices {
            if let value = slots[index].take() { body(value) }
        }
    }
}
