/// A list that owns its objects and lends them out without reference counting: read in hot
/// loops (the rules' checks, called for every message), a retain and a release per read would
/// cost as much as many of the calls. Sound because the list holds every object it lends for
/// as long as it exists, and a loan lasts one call.
@usableFromInline package struct BorrowingObjectList<Object: AnyObject> {
    /// Holds the objects.
    @usableFromInline var owned: [Object] = []
    /// The same objects, uncounted: what `with` reads.
    @usableFromInline var lent: [Unmanaged<Object>] = []

    @inlinable package init() {}

    @inlinable package var count: Int { lent.count }
    @inlinable package var indices: Range<Int> { lent.indices }

    @inlinable package mutating func append(_ object: Object) {
        owned.append(object)
        lent.append(Unmanaged.passUnretained(object))
    }

    /// Calls `body` with the object at `index` (bounds-checked), borrowed for the call.
    @inline(__always)
    @inlinable package func with<R>(_ index: Int, _ body: (Object) throws -> R) rethrows -> R {
        try lent[index]._withUnsafeGuaranteedRef(body)
    }
}

extension BorrowingObjectList: Sendable where Object: Sendable {}
