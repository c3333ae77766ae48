import InboxCore

/// The buffer of the last finding's phrase, kept by the thread that built it for the next
/// phrase it interpolates: a finding's message is copied into its report's block at once
/// (`Report.add`), and then its buffer was freed and the next finding's allocated (a
/// `malloc`, a `free` and an atomic release per finding).
///
/// An interpolated literal is built before the rule calls `Report.add` and is told only its
/// literal's size (`Phrase.StringInterpolation.init`), so the report that could keep the
/// buffer cannot hand it to the next phrase; the thread can. Each thread has a slot of its
/// own (`ThreadLocal`): nothing is shared between threads, so there is no lock, and
/// a thread's buffer is released when the thread ends. Only a buffer no copy of its phrase
/// shares is kept (`Phrase.recycle`), so no phrase alive can see its bytes change.
///
/// The slot also keeps the thread's analyzer report between documents (`report`), with the
/// block of findings' texts it goes on in. All of it is released when the thread ends.
struct PhraseSpare {
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

    private static let slots = ThreadLocal<PhraseSpare> { slot in
        PhraseSpare(report: Report(threadReportOf: "", slot: slot))
    }

    /// This thread's slot, made at its first phrase.
    static var slot: UnsafeMutablePointer<PhraseSpare> {
        @inline(__always) get { slots.pointer }
    }
}

extension ByteBuffer {
    /// An empty buffer with room for `capacity` bytes: this thread's kept phrase buffer
    /// when it is large enough (taken from the slot), a new one otherwise.
    @inline(__always)
    init(spareOr capacity: Int) {
        let slot = PhraseSpare.slot
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
        self.init(capacity: Swift.max(capacity, PhraseSpare.minimumCapacity))
    }
}

extension Phrase {
    /// Gives this phrase's buffer to the thread's slot for the next phrase, when the slot
    /// is empty and no copy of the phrase shares the buffer (a literal's phrase has none of
    /// its own). Called by `Report.add` once the bytes are copied.
    /// `slot`: this thread's (`PhraseSpare.slot`).
    @inline(__always)
    consuming func recycle(in slot: UnsafeMutablePointer<PhraseSpare>) {
        guard bytes.capacity >= PhraseSpare.minimumCapacity else { return }
        guard slot.pointee.capacity == 0, isKnownUniquelyReferenced(&bytes.storage) else { return }
        slot.pointee.capacity = bytes.capacity
        slot.pointee.phrase = consume self
    }
}
