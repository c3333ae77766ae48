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
    /// Makes a thread's value in place (it may keep the slot it is given).
    private let make: @Sendable (ThreadSlot<Value>) -> Value

    package init(_ make: @escaping @Sendable (ThreadSlot<Value>) -> Value) {
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
    @usableFromInline package var pointer: UnsafeMutablePointer<Value> {
        @inline(__always) get {
            guard let raw = pthread_getspecific(key) else { return makeValue() }
            return Unmanaged<Holder>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.pointer }
        }
    }

    /// This thread's value as a handle that code may keep to skip the lookup (see `ThreadSlot`).
    package var slot: ThreadSlot<Value> {
        guard let raw = pthread_getspecific(key) else { return ThreadSlot(pointer: makeValue()) }
        return ThreadSlot(pointer: Unmanaged<Holder>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.pointer })
    }

    /// Calls `body` with this thread's value, to read or change in place.
    @inline(__always)
    package func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try body(&pointer.pointee)
    }

    @inline(never)
    private func makeValue() -> UnsafeMutablePointer<Value> {
        let holder = Holder()
        holder.pointer.initialize(to: make(ThreadSlot(pointer: holder.pointer)))
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

/// One thread's value of a `ThreadLocal`, kept by code on that thread to reach it again
/// without a lookup. Valid on that thread until it ends; not `Sendable`, so it does not
/// cross to another thread by accident (a holder that must, says why on its line).
@usableFromInline package struct ThreadSlot<Value> {
    @usableFromInline let pointer: UnsafeMutablePointer<Value>

    @usableFromInline init(pointer: UnsafeMutablePointer<Value>) { self.pointer = pointer }

    /// Calls `body` with the value, to read or change in place.
    @inline(__always)
    @inlinable package func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try body(&pointer.pointee)
    }

    /// Calls `body` with the value and `argument`, moved in (to store it in the value
    /// without a copy).
    @inline(__always)
    @inlinable package func withValue<Argument: ~Copyable, Result>(
        moving argument: consuming Argument, _ body: (inout Value, consuming Argument) throws -> Result
    ) rethrows -> Result {
        try body(&pointer.pointee, argument)
    }

    /// Whether two handles are of the same thread's value.
    @inlinable package func isSame(as other: ThreadSlot<Value>) -> Bool { pointer == other.pointer }
}
