import InboxCore

/// What a thread reuses to make findings, in one slot per thread (`ThreadLocal`, so no
/// lock): the buffer of its last finding's phrase for the next phrase it interpolates
/// (`phrase`) and the scratch its findings' pointers are written in. Its analyzer report
/// (`reports`, with the block of findings' texts it goes on in) has a slot of its own, so
/// the report, changed in place through its slot, never overlaps these.
///
/// A phrase is built before the rule calls `Report.add`, which copies its bytes into the
/// report's block; the phrase then goes to the slot rather than being freed. Its buffer
/// is reused only when nothing else holds it by then (`ByteBuffer.init(spareOr:)`), so no
/// phrase alive can see its bytes change, and a rule that keeps its phrase in a variable
/// need not hand it over. Everything is released when the thread ends.
struct ThreadFindingBuffers {
    /// The last finding's phrase, or nil; moved in and out whole (`Phrase.recycle`,
    /// `ByteBuffer.init(spareOr:)`).
    var phrase: Phrase?
    /// Its buffer's capacity in bytes (0 when there is none), read without the phrase.
    var capacity = 0
    /// Whether the thread's analyzer report (`reports`) is in use: a document diagnosed
    /// meanwhile, on the same thread, gets a report of its own.
    var reportInUse = false
    /// Where the analyzer's report writes each finding's pointer (`Report.add`).
    let pointerScratch = ByteScratch(count: PointerPath.room)

    /// Buffers are made at least this large, so the one kept fits most findings' wording
    /// (a message is about 120 bytes; one with a quoted URL or a list, more).
    static let minimumCapacity = 256

    private static let slots = ThreadLocal<ThreadFindingBuffers> { _ in ThreadFindingBuffers() }

    /// The thread's analyzer report (`Report.init(threadReportOf:slot:)`), used in place for
    /// each document the thread diagnoses.
    static let reports = ThreadLocal<Report> { _ in Report(threadReportOf: "", slot: ThreadFindingBuffers.slot) }

    /// This thread's slot, made at its first phrase.
    static var slot: ThreadSlot<ThreadFindingBuffers> {
        @inline(__always) get { slots.slot }
    }

    /// Takes the kept phrase when its buffer has room for `capacity` bytes.
    @inline(__always)
    mutating func takePhrase(ofAtLeast capacity: Int) -> Phrase? {
        guard self.capacity >= capacity else { return nil }
        var spare: Phrase?
        swap(&spare, &phrase)
        self.capacity = 0
        return spare
    }
}

extension ByteBuffer {
    /// An empty buffer with room for `capacity` bytes: this thread's kept phrase buffer
    /// when it is large enough and no one else holds it (taken from the slot), a new one
    /// otherwise.
    @inline(__always)
    init(spareOr capacity: Int) {
        var spare = ThreadFindingBuffers.slot.withValue { $0.takePhrase(ofAtLeast: capacity) }
        if var kept = spare.take(), isKnownUniquelyReferenced(&kept.bytes.storage) {
            self = kept.bytes
            _count = 0
            return
        }
        self.init(capacity: Swift.max(capacity, ThreadFindingBuffers.minimumCapacity))
    }
}

extension Phrase {
    /// Gives this phrase to the thread's slot for the next phrase, when the slot is empty
    /// and the phrase has a buffer of its own (a literal's phrase has none). Called by
    /// `Report.add` once the bytes are copied; whether a copy still shares the buffer is
    /// asked when it is taken.
    /// `slot`: this thread's (`ThreadFindingBuffers.slot`).
    @inline(__always)
    consuming func recycle(in slot: ThreadSlot<ThreadFindingBuffers>) {
        let capacity = bytes.capacity
        guard capacity >= ThreadFindingBuffers.minimumCapacity else { return }
        slot.withValue(moving: self) { buffers, phrase in
            guard buffers.capacity == 0 else { return }
            buffers.capacity = capacity
            buffers.phrase = phrase
        }
    }
}
