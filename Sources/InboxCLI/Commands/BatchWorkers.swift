import Foundation
import InboxModel
import InboxCore

/// A fixed set of threads that work through one batch of items at a time, so the thread
/// that owns them can read the next batch meanwhile. Results come back in item order.
///
/// Workers claim a few items at a time from a shared counter (not a fixed stride), so a
/// worker that drew cheap documents helps with the rest and a batch ends when its last
/// item does. Each result slot is written by the one worker that claimed it.
/// `@unchecked Sendable`: every mutable field is guarded by `condition`, and each result
/// slot is written by the one worker that claimed it.
final class BatchWorkers<Item, Result>: @unchecked Sendable {
    /// Items claimed at once: small enough to balance the end of a batch, large enough
    /// that the lock is taken a few hundred times per batch at most.
    private static var claim: Int { 8 }
    /// Room for the parser and the rules on deeply nested documents, like the main thread.
    private static var stackSize: Int { 8 << 20 }

    /// Called with the calling worker's own tape reuse (see `TapeReuse`): the documents a
    /// worker parses and frees give their tapes to its next parses.
    private let work: (Item, TapeReuse) -> Result
    private let condition = ThreadCondition()
    // Guarded by `condition`.
    private var items: [Item] = []
    /// The results of the batch in flight, each written by the worker that claimed its item.
    private var slots = ResultSlots<Result>(count: 0)
    private var next = 0
    private var unfinished = 0
    private var busy = false
    private var stopping = false
    private var running = 0

    /// Starts `count` threads; `work` is called on them, concurrently, so it must only
    /// read shared state.
    convenience init(count: Int, work: @escaping (Item) -> Result) {
        self.init(count: count, threadWork: { item, _ in work(item) })
    }

    /// As `init(count:work:)`, `work` also given the worker's tape reuse.
    init(count: Int, threadWork work: @escaping (Item, TapeReuse) -> Result) {
        self.work = work
        running = count
        for _ in 0..<count {
            WorkerThread.start(stackSize: Self.stackSize) { [self] in loop() }
        }
    }

    /// Hands a batch to the workers and returns at once. The previous batch must have
    /// been collected with `wait()`.
    func start(_ batch: [Item]) {
        condition.lock()
        precondition(!busy, "BatchWorkers.start while a batch is in flight")
        items = batch
        slots = ResultSlots(count: batch.count)
        next = 0
        unfinished = batch.count
        busy = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether a batch was started and not yet collected.
    var inFlight: Bool {
        condition.lock()
        defer { condition.unlock() }
        return busy
    }

    /// Blocks until every item of the batch in flight is done; its results, to hand out
    /// (the workers can start on the next batch meanwhile).
    func wait() -> FinishedBatch<Result> {
        condition.lock()
        while unfinished > 0 { condition.wait() }
        let done = FinishedBatch(slots: slots)
        slots = ResultSlots(count: 0)
        items = []
        busy = false
        condition.unlock()
        return done
    }

    /// Stops the threads and returns once they have left their loop. Call after `wait()`.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    private func loop() {
        let tapes = TapeReuse() // made here, so it belongs to this thread
        condition.lock()
        while true {
            while !stopping && next >= items.count { condition.wait() }
            if stopping { break }
            let first = next
            let end = min(first + Self.claim, items.count)
            next = end
            let batch = items
            let slots = self.slots
            condition.unlock()
            for index in first..<end { slots.put(work(batch[index], tapes), at: index) }
            condition.lock()
            unfinished -= end - first
            if unfinished == 0 { condition.broadcast() }
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}

/// The results of a batch the workers finished, in item order.
struct FinishedBatch<Result> {
    fileprivate let slots: ResultSlots<Result>

    /// Hands every result to `body`, in order, moving it out; call once.
    func deliver(_ body: (Result) -> Void) {
        slots.takeAll(body)
    }
}
