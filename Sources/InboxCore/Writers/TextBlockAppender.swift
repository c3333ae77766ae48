/// Texts appended to the end of a shared block (`SharedTextBlock`), as a report writes its
/// findings' code, message and pointer: only bytes past `used` are ever written, so texts
/// already handed on (in this block, read by other threads) never change. A text that
/// does not fit starts a new block (`start`); the old one lives on in what holds it.
@usableFromInline package struct TextBlockAppender: Sendable {
    /// The block texts go into; nil before the first and after `drop`.
    @usableFromInline package internal(set) var shared: SharedTextBlock?
    /// How many of the block's bytes are taken.
    @usableFromInline package internal(set) var used = 0
    /// The block's size in bytes (0 without a block).
    @usableFromInline package internal(set) var capacity = 0

    @inlinable package init() {}

    /// Where the current block's bytes start (there must be a block): read in place, the
    /// block not retained.
    @inline(__always)
    @inlinable package var address: TextBlockAddress {
        TextBlockAddress(base: UnsafePointer(shared.unsafelyUnwrapped.base))
    }

    /// The bytes left in the block (0 without a block).
    @inline(__always)
    @inlinable package var room: Int { capacity &- used }

    /// Starts a new block of `capacity` bytes about `source`; later texts go into it.
    package mutating func start(source: String, capacity: Int) {
        self.capacity = capacity
        shared = SharedTextBlock(block: TextBlock.make(source: source, capacity: capacity))
        used = 0
    }

    /// Lets go of the block: the next text needs `start`.
    @inline(__always)
    @inlinable package mutating func drop() {
        shared = nil
        used = 0
        capacity = 0
    }

    /// Appends a text of exactly `count` bytes, written by `write` (which gets a writer
    /// over those bytes only); returns where it starts in the block. The block must have
    /// `room` for it.
    @inline(__always)
    @inlinable package mutating func append(count: Int, _ write: (inout TextEntryWriter) -> Void) -> Int {
        precondition(count >= 0 && count <= capacity &- used, "text larger than the room left in its block")
        let start = used
        // `base` is the block's first byte, kept beside it: no call into the block.
        let at = shared.unsafelyUnwrapped.base + start
        var writer = TextEntryWriter(at: at, end: at + count)
        write(&writer)
        precondition(writer.at == writer.end, "text written shorter than announced")
        used = start &+ count
        return start
    }
}

extension TextBlockAppender {
    /// Appends a text made of the first `wordCount` (at most eight) bytes of `word`,
    /// little-endian, then `first`, `second` and `third`; returns where it starts. One check
    /// of the room for the whole text: the usual finding (a code kept as a word, the message,
    /// the document's pointer prefix and the value's pointer) in a few moves.
    @inline(__always)
    @inlinable package mutating func append(word: UInt64, count wordCount: Int, _ first: Span<UInt8>,
                                           _ second: Span<UInt8>, _ third: Span<UInt8>) -> Int {
        let count = wordCount &+ first.count &+ second.count &+ third.count
        precondition(UInt(bitPattern: wordCount) <= 8 && count <= capacity &- used,
                     "text larger than the room left in its block")
        let start = used
        var at = shared.unsafelyUnwrapped.base + start
        // The bytes after the word's are written over by the spans.
        TextEntryWriter.store(word, count: wordCount, at: at, room: count)
        at += wordCount
        first.withUnsafeBufferPointer { if let from = $0.baseAddress { ByteCopy.copy(from, to: at, count: $0.count) } }
        at += first.count
        second.withUnsafeBufferPointer { if let from = $0.baseAddress { ByteCopy.copy(from, to: at, count: $0.count) } }
        at += second.count
        third.withUnsafeBufferPointer { if let from = $0.baseAddress { ByteCopy.copy(from, to: at, count: $0.count) } }
        used = start &+ count
        return start
    }
}

/// Writes one text into the bytes a `TextBlockAppender` gave it, front to back, each write
/// checked against their end. Cannot be copied, so it cannot outlive the `append` call.
@usableFromInline package struct TextEntryWriter: ~Copyable {
    @usableFromInline var at: UnsafeMutablePointer<UInt8>
    @usableFromInline let end: UnsafeMutablePointer<UInt8>

    @usableFromInline init(at: UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>) {
        self.at = at
        self.end = end
    }

    /// The bytes still to write.
    @inline(__always)
    @inlinable package var remaining: Int { end - at }

    /// Appends `bytes` (a short text, a rule code or a member name, in a few moves).
    @inline(__always)
    @inlinable package mutating func append(_ bytes: Span<UInt8>) {
        let count = bytes.count
        precondition(count <= end - at, "text longer than its room")
        bytes.withUnsafeBufferPointer { source in
            if let from = source.baseAddress { ByteCopy.copy(from, to: at, count: count) }
        }
        at += count
    }

    /// Appends the first `count` (at most eight) bytes of `word`, little-endian: a rule code
    /// kept as one word. With eight bytes of room or more the whole word is stored (the
    /// bytes after the first `count` are written over by what follows).
    @inline(__always)
    @inlinable package mutating func append(word: UInt64, count: Int) {
        precondition(count >= 0 && count <= 8 && count <= end - at, "word longer than its room")
        Self.store(word, count: count, at: at, room: end - at)
        at += count
    }

    /// Writes the first `count` bytes of `word` at `at`, little-endian: the whole word when
    /// `room` is at least eight bytes (what is written next goes over the rest).
    @inline(__always)
    @inlinable static func store(_ word: UInt64, count: Int, at: UnsafeMutablePointer<UInt8>, room: Int) {
        if room >= 8 {
            UnsafeMutableRawPointer(at).storeBytes(of: word.littleEndian, as: UInt64.self)
        } else {
            var rest = word
            var index = 0
            while index < count {
                at[index] = UInt8(truncatingIfNeeded: rest)
                rest >>= 8
                index &+= 1
            }
        }
    }

    /// Appends the JSON Pointer of `value` after `prefix`, `length` bytes together (as
    /// `value.pointerByteCount` measures it, plus the prefix's): the tape's general path.
    package mutating func appendPointer(of value: JSONValue, prefix: Span<UInt8>, length: Int) {
        precondition(length >= prefix.count && length <= end - at, "pointer longer than its room")
        let out = UnsafeMutableBufferPointer(start: at, count: length)
        prefix.withUnsafeBufferPointer { prefix in
            Tape.writePointer(of: value.index, length: length, prefix: prefix, into: out, nodes: value.nodes,
                              bytes: value.inputBytes)
        }
        at += length
    }
}

extension JSONValue {
    /// The bytes of this value's JSON Pointer within its document (without the document's
    /// prefix), measured by a walk up the tape.
    package var pointerByteCount: Int { Tape.pointerLength(of: index, nodes: nodes, bytes: inputBytes) }
}

/// Short copies without a call: what the writers move most (codes, member names) is under
/// sixteen bytes.
@usableFromInline package enum ByteCopy {
    /// Copies `count` bytes: up to sixteen in two loads and two stores that overlap rather
    /// than a call of `memcpy`, never touching a byte outside either range; more through `memcpy`.
    @inline(__always)
    @inlinable package static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>,
                                        count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            guard count <= 16 else {
                target.initialize(from: source, count: count)
                return
            }
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else {
            var index = 0
            while index < count {
                target[index] = source[index]
                index &+= 1
            }
        }
    }
}
