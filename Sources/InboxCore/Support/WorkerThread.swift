#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two things `BatchWorkers` needs from threads, on POSIX threads directly:
/// Foundation's `Thread` and `NSCondition` (like its `FileHandle`) live in the part of
/// Foundation that links ICU's 34 MB of data into the static binary.
package enum WorkerThread {
    /// Starts a detached thread with `stackSize` bytes of stack that runs `body`.
    @usableFromInline package static func start(stackSize: Int, _ body: @escaping () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // The closure travels to the thread retained once, and is released there.
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            fatalError("cannot start a worker thread (error \(status))")
        }
    }

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}

/// A mutex and its condition variable, used as `NSCondition` is: `lock`, then `wait`
/// until a state it guards changes, `broadcast` after changing it, `unlock`.
package final class ThreadCondition {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }
    /// Unlocks, sleeps until a broadcast (or a spurious wake-up: wait in a loop), locks.
    package func wait() { pthread_cond_wait(condition, mutex) }
    package func broadcast() { pthread_cond_broadcast(condition) }
}
