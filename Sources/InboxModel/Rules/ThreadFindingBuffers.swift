/// What a thread reuses to make findings, in one slot per thread (`ThreadLocal`, so no
/// lock): its analyzer report between documents (`report`, with the block of findings'
/// texts it goes on in), and the buffer of its last finding's phrase for the next phrase
/// it interpolates (`phrase`).
///
/// A phrase is built before the rule calls `Report.add`, which copies its bytes into the
/// report's block; the buffer then goes to the slot rather than being freed. Only a buffer
/// no copy of its phrase shares is kept (`Phrase.recycle`), so no phrase alive can see its
/// bytes change. Everything is released when the thread ends.
struct ThreadFindingBuffers {
    /// The kept phrase, or nil. Moved in and out whole (`Phrase.recycle`,
    /// `ByteBuffer.init(spareOr:)`), so keeping it is no retain and no release: an
    /// `Unmanaged` reference was retained into the slot while the phrase it came from
    /// released its own.
    var phrase: Phrase?
    /// Its buffer's capacity in bytes (0 when there is none), read without the phrase.
    var capacity = 0
    /// The thread's analyzer report (`Report.init(threadReportOf:slot:)`), used in place
    /// for each document the thread diagnoses; `reportInUse` while one is (a document
    /// diagnosed meanwhile, on the same thread, gets a report of its own).
    var report: Report
    var reportInUse = false

    /// Buffers are made at least this large, so the one kept fits most findings' wording
    /// (a message is about 120 bytes; one with a quoted URL or a list, more).
    static let minimumCapacity = 256

    private static let slots = ThreadLocal<ThreadFindingBuffers> { slot in
        ThreadFindingBuffers(report: Report(threadReportOf: "", slot: slot))
    }

    /// This thread's slot, made at its first phrase.
    static var slot: UnsafeMutablePointer<ThreadFindingBuffers> {
        @inline(__always) get { slots.pointer }
    }
}

extension ByteBuffer {
    /// An empty buffer with room for `capacity` bytes: this thread's kept phrase buffer
    /// when it is large enough (taken from the slot), a new one otherwise.
    @inline(__always)
    init(spareOr capacity: Int) {
        let slot = ThreadFindingBuffers.slot
        if slot.pointee.capacity >= capacity {
            var spare: Phrase?
            swap(&spare, &slot.pointee.phrase)
            slot.pointee.capacity = 0
            if let spare {
                self = spare.bytes
                _count = 0
                return
            }
        }
        let room = Swift.max(capacity, ThreadFindingBuffers.minimumCapacity)
        storage = Storage.make(capacity: room)
        self.capacity = room
        base = storage.base
    }
}

extension Phrase {
    /// Gives this phrase's buffer to the thread's slot for the next phrase, when the slot
    /// is empty and no copy of the phrase shares the buffer (a literal's phrase has none of
    /// its own). Called by `Report.add` once the bytes are copied.
    /// `slot`: this thread's (`ThreadFindingBuffers.slot`).
    @inline(__always)
    consuming func recycle(in slot: UnsafeMutablePointer<ThreadFindingBuffers>) {
        guard bytes.capacity >= ThreadFindingBuffers.minimumCapacity else { return }
        guard slot.pointee.capacity == 0, isKnownUniquelyReferenced(&bytes.storage) else { return }
        slot.pointee.capacity = bytes.capacity
        slot.pointee.phrase = consume self
    }
}
