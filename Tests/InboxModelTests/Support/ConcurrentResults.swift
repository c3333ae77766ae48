import Foundation

/// Runs `body` on `count` threads at once and returns what each answered, by thread.
func concurrentResults(_ count: Int, _ body: @Sendable (Int) -> Bool) -> [Bool] {
    let lock = NSLock()
    // Each thread writes only its own element, under the lock.
    nonisolated(unsafe) var results = [Bool](repeating: false, count: count)
    DispatchQueue.concurrentPerform(iterations: count) { thread in
        let answer = body(thread)
        lock.withLock { results[thread] = answer }
    }
    return results
}
