#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value of its own for each thread that asks for it, made at the thread's first use
/// and destroyed when the thread ends: nothing is shared between threads, so no lock.
package final class ThreadLocal<Value>: Sendable {
    private let key: pthread_key_t
    /// Makes a thread's value in place (it may keep the pointer it is given).
    private let make: @Sendable (UnsafeMutablePointer<Value>) -> Value

    package init(_ make: @escaping @Sendable (UnsafeMutablePointer<Value>) -> Value) {
        var key = pthread_key_t()
        // A thread's value is held by a retained `Holder`; the key's destructor releases it.
        let made = pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<AnyObject>.fromOpaque(raw).release()
        }
        precondition(made == 0, "no thread-specific key left")
        self.key = key
        self.make = make
    }

    /// This thread's value, valid until the thread ends; only this thread may use it.
    package var pointer: UnsafeMutablePointer<Value> {
        @inline(__always) get {
            guard let raw = pthread_getspecific(key) else { return makeValue() }
            return Unmanaged<Holder>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.pointer }
        }
    }

    /// Calls `body` with this thread's value, to read or change in place.
    @inline(__always)
    package func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try body(&pointer.pointee)
    }

    @inline(never)
    private func makeValue() -> UnsafeMutablePointer<Value> {
        let holder = Holder()
        holder.pointer.initialize(to: make(holder.pointer))
        pthread_setspecific(key, Unmanaged.passRetained(holder).toOpaque())
        return holder.pointer
    }

    /// Owns one thread's value.
    private final class Holder {
        let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)

        deinit {
            pointer.deinitialize(count: 1)
            pointer.deallocate()
        }
    }
}
