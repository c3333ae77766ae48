/// Bytes one thread keeps for scratch work it repeats (a finding's JSON Pointer, written
/// backwards): allocated once, used for every finding, so the work runs in the caller
/// rather than inside a stack allocation's closure. Not `Sendable`: one thread's.
@usableFromInline package final class ByteScratch {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let count: Int

    package init(count: Int) {
        base = .allocate(capacity: count)
        base.initialize(repeating: 0, count: count)
        self.count = count
    }

    deinit { base.deallocate() }
}
