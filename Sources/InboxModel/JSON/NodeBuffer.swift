/// Growable storage for the tape. A plain `[TapeNode]` pays a uniqueness check on every append and
/// every in-place update; the parser does millions of both, so the tape lives in a manually managed
/// buffer instead. It is only mutated by the parser that owns it and is immutable once the document
/// exists, which makes sharing it across threads safe.
final class NodeBuffer: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<TapeNode>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 8)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    func append(_ node: TapeNode) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count += 1
    }

    /// Nodes are only ever addressed by indexes the parser produced, so this checks in debug builds only.
    @inline(__always)
    subscript(index: Int) -> TapeNode {
        get {
            assert(index >= 0 && index < count, "tape index out of range")
            return base[index]
        }
        set {
            assert(index >= 0 && index < count, "tape index out of range")
            base[index] = newValue
        }
    }

    @inline(never)
    private func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<TapeNode>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
