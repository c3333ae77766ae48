#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tape memory handed from one parse to the next on one thread: a document parsed with a
/// `TapeReuse` gives its tape back when it is freed, instead of freeing it, and the next
/// parse (a document, or the JSON inside one of its strings) writes its tape there.
///
/// Reused, a tape is allocated a few times per run, already at the size the documents
/// need, and the memory written is the memory just read.
///
/// Owned by the thread that parses (the input pipeline makes one when it runs documents
/// in turn). A document may still be freed elsewhere: a tape given back on another thread
/// than the owner's is freed, so the spares are only ever touched by the owner. Not a
/// process-wide cache: the spares go with the last document or holder of the object.
public final class TapeReuse: @unchecked Sendable {
    /// Tapes kept for the next parses: a document and the one inside its `data` string
    /// are alive together, so two are in use at a time.
    private var first: NodeBuffer?
    private var second: NodeBuffer?
    /// Memory for the decoded bytes of a nested document (see `takeBytes`), kept for the
    /// next one: one is alive at a time in nearly every document.
    private var spareBytes: UnsafeMutableBufferPointer<UInt8>?
    /// The thread that parses; only it touches the spares.
    @usableFromInline let owner: pthread_t

    /// How many tapes are kept for the next parses (for tests).
    var keptCount: Int { (first == nil ? 0 : 1) + (second == nil ? 0 : 1) }

    /// Tapes larger than this (nodes) are freed rather than kept: one huge input should
    /// not keep its memory for the rest of the run.
    static let largestKept = 1 << 14

    /// Reuse for parses made on the calling thread.
    public init() {
        owner = pthread_self()
    }

    deinit {
        first?.deallocate()
        second?.deallocate()
        spareBytes?.deallocate()
    }

    /// A tape for a parse, empty, with room for at least `capacity` nodes: a spare when one
    /// is large enough, else a new one.
    func take(minimumCapacity capacity: Int) -> NodeBuffer {
        guard pthread_self() == owner else { return NodeBuffer(capacity: capacity) }
        if let spare = first, spare.capacity >= capacity {
            first = nil
            return spare
        }
        if let spare = second, spare.capacity >= capacity {
            second = nil
            return spare
        }
        return NodeBuffer(capacity: capacity)
    }

    /// Takes back the tape of a document that is going (or of a parse that failed): kept
    /// for the next parse, or freed.
    func give(_ tape: NodeBuffer) {
        guard tape.capacity <= Self.largestKept, pthread_self() == owner else {
            tape.deallocate()
            return
        }
        let emptied = tape.emptied()
        if first == nil {
            first = emptied
        } else if second == nil {
            second = emptied
        } else if let kept = second, kept.capacity < emptied.capacity {
            kept.deallocate()
            second = emptied
        } else {
            emptied.deallocate()
        }
    }
}

extension TapeReuse {
    /// Memory for at least `count` bytes: the decoded contents of a string holding a
    /// nested document, which the document then reads and owns (see
    /// `JSONDocument.ownedBytes`), reused like the tapes.
    func takeBytes(minimumCount count: Int) -> UnsafeMutableBufferPointer<UInt8> {
        if pthread_self() == owner, let spare = spareBytes, spare.count >= count {
            spareBytes = nil
            return spare
        }
        return Self.newBytes(count)
    }

    /// Takes back the bytes of a nested document that is going (or of a parse that
    /// failed): kept for the next nested document, or freed.
    func giveBytes(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        guard bytes.count <= Self.largestKeptBytes, pthread_self() == owner else {
            bytes.deallocate()
            return
        }
        if let kept = spareBytes {
            // The larger one stays, so a run settles on memory every string fits in.
            guard kept.count < bytes.count else {
                bytes.deallocate()
                return
            }
            kept.deallocate()
        }
        spareBytes = bytes
    }

    /// Byte buffers larger than this are freed rather than kept (see `largestKept`).
    static let largestKeptBytes = 1 << 16

    /// A new byte buffer for at least `count` bytes: a few more than asked when it may be
    /// kept, so that strings of about the same length share one; exactly `count` for a
    /// large string (its bytes are not kept, and a quarter more of a huge one would count).
    static func newBytes(_ count: Int) -> UnsafeMutableBufferPointer<UInt8> {
        .allocate(capacity: count < largestKeptBytes ? min(max(256, count + count / 4), largestKeptBytes) : count)
    }
}

extension Optional where Wrapped == TapeReuse {
    /// Bytes from the reuse, or new ones when there is none (see `TapeReuse.takeBytes`).
    func takeBytes(minimumCount count: Int) -> UnsafeMutableBufferPointer<UInt8> {
        self?.takeBytes(minimumCount: count) ?? TapeReuse.newBytes(count)
    }

    /// Gives `bytes` back to the reuse, or frees them when there is none.
    func giveBackBytes(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        if self?.giveBytes(bytes) == nil { bytes.deallocate() }
    }

    /// Gives `tape` back to the reuse, or frees it when there is none.
    func giveBack(_ tape: NodeBuffer) {
        // Called through the optional, which is borrowed (binding it would retain it).
        if self?.give(tape) == nil { tape.deallocate() }
    }
}
