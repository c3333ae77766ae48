/// Storage for the tape: a manually managed buffer, because a plain `[TapeNode]` pays a
/// uniqueness check on every append and every in-place update, and the parser does millions
/// of both.
///
/// A struct, not a class: it is a view (pointer and count) of memory that the parser grows
/// and `JSONDocument` then owns and frees in its `deinit`. That saves an object per document
/// (an allocation while parsing, a release and a free when the document goes), and reading a
/// node from a `JSONValue` is one pointer load less. Copies are views of the same memory;
/// only the document, which outlives every `JSONValue` of it, lets it go (frees it, or gives
/// it back to its thread's `TapeReuse` for a later parse, as a failed parse does). The
/// memory is only mutated by the parser that fills it and is immutable while a document
/// holds it, which makes sharing it across threads safe.
@usableFromInline package struct NodeBuffer: @unchecked Sendable {
    @usableFromInline package private(set) var base: UnsafeMutablePointer<TapeNode>
    @usableFromInline package private(set) var count = 0
    package private(set) var capacity: Int

    package init(capacity: Int) {
        self.capacity = max(capacity, 8)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the memory; called once, by the owner (`JSONDocument.deinit`, or the parse that failed).
    func deallocate() {
        // `TapeNode` is trivial: nothing to deinitialise.
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The same memory holding no node, for another parse to fill (see `TapeReuse`).
    func emptied() -> NodeBuffer {
        var tape = self
        tape.count = 0
        return tape
    }

    @inline(__always)
    mutating func append(_ node: TapeNode) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count &+= 1
    }

    /// Nodes are only ever addressed by indexes the parser produced, so this checks in debug builds only.
    @inline(__always)
    @inlinable package subscript(index: Int) -> TapeNode {
        get {
            assert(index >= 0 && index < count, "tape index out of range")
            return base[index]
        }
        nonmutating set {
            assert(index >= 0 && index < count, "tape index out of range")
            base[index] = newValue
        }
    }

    /// The count of nodes written through `base` directly (the parser's fast pass does, and
    /// checks the capacity itself).
    mutating func setCount(_ newCount: Int) {
        assert(newCount >= 0 && newCount <= capacity, "tape count out of range")
        count = newCount
    }

    @inline(never)
    mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<TapeNode>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
