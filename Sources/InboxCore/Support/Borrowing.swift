/// Reading an object held elsewhere without a retain of one's own, for code on the hot
/// path that only reads it (a document's facts, for every document). Sound by the
/// argument: the caller holds `object` for the whole call, so it cannot go away inside it.
@usableFromInline package enum Borrowing {
    /// Calls `body` with `object`, passed on at +0; nil, without calling `body`, when there
    /// is none.
    @inline(__always)
    @inlinable package static func with<Object: AnyObject, R>(_ object: Object?, _ body: (Object) throws -> R) rethrows -> R? {
        guard let borrowed = object.map(Unmanaged.passUnretained) else { return nil }
        return try borrowed._withUnsafeGuaranteedRef(body)
    }

    /// Calls `body` with the object `held` reads (a stored field, an element), passed on at
    /// +0: read as an argument, the object would be retained for the whole call.
    @inline(__always)
    @inlinable package static func with<Object: AnyObject, R>(
        held object: @autoclosure () -> Object, _ body: (Object) throws -> R
    ) rethrows -> R {
        let unretained = Unmanaged.passUnretained(object())
        return try unretained._withUnsafeGuaranteedRef(body)
    }
}
