/// The writer's pieces taken as spans, so renderers outside the core write bytes without a
/// pointer: each checks its bounds (or, `roomChecked`, relies on one `checkRoom` for
/// several pieces, which stops the program rather than write past the room).
extension ByteWriter {
    /// How many bytes are left of the reserved room.
    @inlinable
    public var roomLeft: Int { limit - at }

    /// Appends `bytes` as they are.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// `bytes` as the inside of a JSON string literal (`appendEscaped`).
    @inlinable @inline(__always)
    public mutating func appendEscaped(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { appendEscaped($0) }
    }

    /// `bytes` as a JSON string literal, quotes included (`appendQuoted`).
    @inlinable
    public mutating func appendQuoted(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { appendQuoted($0) }
    }

    /// `appendEscaped` inlined into the caller, once the room (`escapedRoom`) is checked:
    /// for the text a writer escapes in a loop (a finding's message).
    @_transparent
    public mutating func appendEscapedInline(roomChecked bytes: Span<UInt8>) {
        // A local function, so that it is inlined however large: a closure of this size
        // stayed a call.
        @inline(__always) func write(_ bytes: UnsafeBufferPointer<UInt8>) { at = Self.writeEscaped(bytes, at: at) }
        bytes.withUnsafeBufferPointer(write)
    }

    /// Appends the low `count` bytes of `word` (the first lowest), storing all eight: a
    /// piece kept as a word (digits, a short constant) is one store. Needs eight bytes of
    /// room; the bytes after the `count` kept are written over by the next piece.
    @inlinable @inline(__always)
    public mutating func append(roomChecked word: UInt64, count: Int) {
        precondition(UInt(bitPattern: count) <= 8, "ByteWriter: a word has eight bytes")
        UnsafeMutableRawPointer(at).storeBytes(of: word.littleEndian, as: UInt64.self)
        at += count
    }

    /// The `count` bytes (eight or fewer) written from `offset` as the low bytes of a word,
    /// the first lowest, with zeros above them: a piece to write again (`append(roomChecked:count:)`)
    /// without writing it from scratch.
    @inlinable @inline(__always)
    public func word(written offset: Int, count: Int) -> UInt64 {
        precondition(offset >= 0 && UInt(bitPattern: count) <= 8 && offset &+ count <= self.offset
                     && limit - origin >= offset &+ 8, "ByteWriter: not written yet")
        let word = UInt64(littleEndian: UnsafeRawPointer(origin + offset).loadUnaligned(as: UInt64.self))
        return count == 8 ? word : word & (UInt64(1) &<< (UInt64(count) &* 8) &- 1)
    }

    /// Appends `count` bytes of `source` from `offset`, storing `stored` of them (a multiple
    /// of sixteen, at least `count`) as sixteen-byte stores: a constant piece kept padded to
    /// the longest of its kind is then a fixed number of stores, with no test of its length.
    /// Needs `stored` bytes of room; the bytes past the `count` kept are written over by
    /// the next piece.
    @inlinable @inline(__always)
    public mutating func append(roomChecked source: Span<UInt8>, from offset: Int, count: Int, storing stored: Int) {
        // Unsigned, each compare also rules out a negative value.
        precondition(UInt(bitPattern: offset) <= UInt(bitPattern: source.count &- stored)
                     && UInt(bitPattern: count) <= UInt(bitPattern: stored) && stored & 15 == 0,
                     "ByteWriter: a piece past its source")
        source.withUnsafeBufferPointer { bytes in
            guard let start = bytes.baseAddress else { return }
            let from = UnsafeRawPointer(start + offset)
            let to = UnsafeMutableRawPointer(at)
            var index = 0
            while index < stored {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self),
                              toByteOffset: index, as: SIMD16<UInt8>.self)
                index &+= 16
            }
        }
        at += count
    }

    /// Appends `piece` (32 bytes or more) as it is, then the end of `text` from `start`
    /// escaped as `appendEscaped` does: a finding's source line, then its pointer, which
    /// follows its code and message in `text`. An end of 32 bytes or fewer with nothing to
    /// escape (most pointers) is tested and stored as the sixteen or 32 bytes of `text`
    /// that end at its end, where they go after `piece`, before `piece` is stored over the
    /// ones before it: no loop and no test of its length. Needs the room of `piece` and
    /// `escapedRoom` of the end.
    @inlinable @inline(__always)
    public mutating func append(roomChecked piece: Span<UInt8>, thenEscaped text: Span<UInt8>, from start: Int) {
        // Unsigned: the second compare also rules out a negative `start`.
        precondition(piece.count >= 32 && UInt(bitPattern: start) <= UInt(bitPattern: text.count),
                     "ByteWriter: a piece past its source")
        // Local functions, each over one span, so that they are inlined however large (as
        // `appendEscapedInline`; one nested in another stayed a call).
        let endAt = offset &+ piece.count
        @inline(__always) func storeEndIfPlain(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
            let end = UnsafeBufferPointer(rebasing: text[start...])
            // The 32 bytes before the end's end are the text's; the up to 31 stored before
            // `endAt` are within `piece`'s room.
            guard text.count >= 32, UInt(bitPattern: end.count &- 1) < 32 else { return nil }
            return Self.writeShortIfPlain(end, at: origin + endAt)
        }
        @inline(__always) func storePiece(_ piece: UnsafeBufferPointer<UInt8>) { Self.storePiece(piece, at: at) }
        @inline(__always) func escapeEnd(_ text: UnsafeBufferPointer<UInt8>) {
            at = Self.writeEscaped(UnsafeBufferPointer(rebasing: text[start...]), at: origin + endAt)
        }
        let written = text.withUnsafeBufferPointer(storeEndIfPlain)
        piece.withUnsafeBufferPointer(storePiece)
        if let written {
            at = written
        } else {
            text.withUnsafeBufferPointer(escapeEnd)
        }
    }

    /// Copies `piece` (sixteen bytes or more) to `target` in sixteens: one of 33 to 64
    /// bytes (a source line, mostly) as three or four stores without a loop.
    @inlinable @inline(__always)
    static func storePiece(_ piece: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) {
        guard let start = piece.baseAddress else { return }
        let count = piece.count
        let from = UnsafeRawPointer(start)
        let to = UnsafeMutableRawPointer(target)
        guard count > 32, count <= 64 else {
            copySixteens(from, count: count, to: to)
            return
        }
        to.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self), toByteOffset: 16,
                      as: SIMD16<UInt8>.self)
        if count > 48 {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self), toByteOffset: 32,
                          as: SIMD16<UInt8>.self)
        }
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self),
                      toByteOffset: count &- 16, as: SIMD16<UInt8>.self)
    }

    /// Calls `body` with the bytes written at `range` (all before `offset`), such as a piece
    /// that repeats, written once and copied from there.
    @inlinable @inline(__always)
    public func withWritten<R>(_ range: Range<Int>, _ body: (Span<UInt8>) throws -> R) rethrows -> R {
        precondition(range.lowerBound >= 0 && range.upperBound <= offset, "ByteWriter: not written yet")
        return try body(UnsafeBufferPointer(start: origin + range.lowerBound, count: range.count).span)
    }

    /// Whether some byte of `bytes` is one a JSON string escapes (`needsEscape`).
    @inlinable
    public static func needsEscape(_ bytes: Span<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { needsEscape($0) }
    }
}

extension Span where Element == UInt8 {
    /// Eight bytes from `offset` as a word, the first lowest: a short key (a rule code)
    /// read in one load. Stops the program unless the eight are within the span.
    @inlinable @inline(__always)
    public func word(at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset <= count &- 8, "Span: a word past its end")
        return withUnsafeBufferPointer { bytes in
            UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset)
                .loadUnaligned(as: UInt64.self))
        }
    }
}
