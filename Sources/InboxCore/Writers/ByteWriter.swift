#if arch(x86_64) && !INBOX_PORTABLE
import _Builtin_intrinsics.intel
#endif

/// Writes into room a `ByteBuffer` reserved beforehand (`ByteBuffer.write(reserving:)`):
/// a piece is a bounds check and a copy, with none of the buffer's own checks (capacity,
/// uniqueness) per piece. A finding is a dozen pieces, and those checks were a good part
/// of writing it.
public struct ByteWriter {
    /// The buffer's first byte, where the next byte goes, and the end of the reserved room.
    @usableFromInline let origin: UnsafeMutablePointer<UInt8>
    @usableFromInline var at: UnsafeMutablePointer<UInt8>
    @usableFromInline let limit: UnsafeMutablePointer<UInt8>

    @usableFromInline
    package init(origin: UnsafeMutablePointer<UInt8>, at: UnsafeMutablePointer<UInt8>, limit: UnsafeMutablePointer<UInt8>) {
        self.origin = origin
        self.at = at
        self.limit = limit
    }

    /// How many bytes the buffer holds so far (where the next byte goes).
    @inlinable
    public var offset: Int { at - origin }

    /// Appends a copy of bytes written before (`range` of the buffer's bytes, all before
    /// `offset`): a piece that repeats, such as the source line of every finding of a
    /// document, is written once and copied from there.
    @inlinable @inline(__always)
    public mutating func appendCopy(ofWritten range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= offset, "ByteWriter: not written yet")
        appendChunked(UnsafeBufferPointer(start: origin + range.lowerBound, count: range.count))
    }

    /// Appends a piece of a few dozen bytes written before, here or elsewhere (such as
    /// `",\n      "source": "<path>",\n      "pointer": "`, once per finding), sixteen
    /// bytes at a time, the last sixteen ending at its end (overlapping the ones before):
    /// a call to `memcpy` cost twice as much for it. `bytes` must not overlap the room.
    @inlinable @inline(__always)
    public mutating func appendChunked(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(limit - at >= bytes.count, "ByteWriter: past the reserved room")
        appendChunked(roomChecked: bytes)
    }

    /// Stops the program unless `room` bytes are left: a writer that writes several pieces
    /// checks their room once, and then appends each with a `roomChecked` method (a
    /// finding's dozen pieces were a dozen checks).
    @inlinable @inline(__always)
    public func checkRoom(_ room: Int) {
        precondition(limit - at >= room, "ByteWriter: past the reserved room")
    }

    /// `appendChunked` once the room is checked (`checkRoom`).
    @inlinable @inline(__always)
    public mutating func appendChunked(roomChecked bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard let start = bytes.baseAddress else { return }
        guard count >= 16 else {
            at.initialize(from: start, count: count)
            at += count
            return
        }
        Self.copySixteens(UnsafeRawPointer(start), count: count, to: UnsafeMutableRawPointer(at))
        at += count
    }

    /// Copies `count` bytes (sixteen or more) as stores of sixteen, the last one ending at
    /// the end (overlapping the one before): no loop over a tail, no call to `memcpy`.
    @inlinable @inline(__always)
    public static func copySixteens(_ source: UnsafeRawPointer, count: Int, to target: UnsafeMutableRawPointer) {
        var index = 0
        while index &+ 16 < count {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self),
                              toByteOffset: index, as: SIMD16<UInt8>.self)
            index &+= 16
        }
        target.storeBytes(of: source.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self),
                          toByteOffset: count &- 16, as: SIMD16<UInt8>.self)
    }

    /// A constant piece once the room is checked (`checkRoom`): one of sixteen bytes or
    /// more is two overlapping stores of sixteen, as `appendChunked`.
    @inlinable @inline(__always)
    public mutating func append(roomChecked text: StaticString) {
        guard text.hasPointerRepresentation else { return text.withUTF8Buffer { appendChunked(roomChecked: $0) } }
        appendChunked(roomChecked: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The room `appendQuoted` needs for `count` bytes: the quotes and `escapedRoom`.
    @inlinable
    public static func quotedRoom(_ count: Int) -> Int { 6 * count + 10 }

    /// What `append(decimal:)` may write: a sign and nineteen digits.
    @inlinable
    public static var decimalRoom: Int { 20 }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        precondition(at < limit, "ByteWriter: past the reserved room")
        at.pointee = byte
        at += 1
    }

    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(limit - at >= bytes.count, "ByteWriter: past the reserved room")
        guard let source = bytes.baseAddress else { return }
        at.initialize(from: source, count: bytes.count)
        at += bytes.count
    }

    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        guard text.hasPointerRepresentation else { return text.withUTF8Buffer { append($0) } }
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `value` in decimal, as `String(value)` writes it. Inlined into the writers: a line
    /// and a column per finding, where the call cost as much as the digits.
    @inlinable @inline(__always)
    public mutating func append(decimal value: Int) {
        precondition(limit - at >= Self.decimalRoom, "ByteWriter: past the reserved room")
        append(roomCheckedDecimal: value)
    }

    /// `append(decimal:)` once the room (`decimalRoom`) is checked (`checkRoom`).
    @inlinable @inline(__always)
    public mutating func append(roomCheckedDecimal value: Int) {
        at = Self.writeDecimal(value, at: at)
    }

    /// Writes `value` in decimal at `target` (room for `decimalRoom` bytes) and returns
    /// where the digits end. Lines and columns: mostly one to four digits, two at a time
    /// from a table of the pairs, without a loop; five to eight digits (the lines of a
    /// large NDJSON file) are the same for the top four and two pairs for the rest.
    @inlinable @inline(__always)
    public static func writeDecimal(_ value: Int, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var at = target
        var magnitude = value.magnitude
        if value < 0 {
            at.pointee = UInt8(ascii: "-")
            at += 1
        }
        if magnitude < 10_000 {
            return writeUpToFourDigits(magnitude, at: at)
        }
        if magnitude < 100_000_000 {
            let high = magnitude / 10_000
            let low = magnitude &- high &* 10_000
            at = writeUpToFourDigits(high, at: at)
            let lowHigh = low / 100
            storePair(lowHigh, at: at)
            storePair(low &- lowHigh &* 100, at: at + 2)
            return at + 4
        }
        var digits = 9
        var rest = magnitude / 1_000_000_000
        while rest > 0 { digits += 1; rest /= 10 }
        at += digits
        var digit = at
        repeat {
            digit -= 1
            digit.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return at
    }

    /// `value` (below 10 000) in one to four digits at `at`; returns where they end.
    @inlinable @inline(__always)
    static func writeUpToFourDigits(_ value: UInt, at: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if value < 10 {
            at[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
            return at + 1
        }
        if value < 100 {
            storePair(value, at: at)
            return at + 2
        }
        let high = value / 100
        let low = value &- high &* 100
        if high < 10 {
            at[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high)
            storePair(low, at: at + 1)
            return at + 3
        }
        storePair(high, at: at)
        storePair(low, at: at + 2)
        return at + 4
    }

    /// The two digits of `pair` (below 100), from `digitPairs`.
    @inlinable @inline(__always)
    static func storePair(_ pair: UInt, at target: UnsafeMutablePointer<UInt8>) {
        let digits = UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(fromByteOffset: Int(bitPattern: pair &* 2),
                                                                         as: UInt16.self)
        UnsafeMutableRawPointer(target).storeBytes(of: digits, as: UInt16.self)
    }

    /// "00" to "99", one after the other: a constant in the binary (a computed property of
    /// a literal, so reading it runs no lazy initialisation).
    @inlinable
    static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// Bytes as a JSON string literal, byte for byte what `JSONText.appendQuoted` writes:
    /// `appendEscaped` between two quotes.
    public mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(limit - at >= Self.quotedRoom(bytes.count), "ByteWriter: past the reserved room")
        at.pointee = ASCII.quote
        at += 1
        appendEscaped(bytes)
        at.pointee = ASCII.quote
        at += 1
    }

    /// The room `appendEscaped` needs for `count` bytes: every byte escaped (`\u001f`, six
    /// bytes) at worst, and eight bytes more, as it stores a word at a time.
    /// (Unchecked arithmetic: `count` is the size of bytes in memory, far below a sixth of
    /// `Int.max`; the checked form was two overflow branches per text of every finding.)
    @inlinable
    public static func escapedRoom(_ count: Int) -> Int { 6 &* count &+ 8 }

    /// Bytes as the inside of a JSON string literal (without the quotes), byte for byte
    /// what `JSONText.appendQuoted` writes between them. The room for the worst case
    /// (`escapedRoom`) is checked once, so the bytes go sixteen at a time: each chunk is
    /// stored as it is and tested (two words side by side, which the compiler keeps in
    /// one vector register), and when it holds a byte to escape the write position moves
    /// only up to that byte (the test marks the first one exactly), so no run is copied
    /// twice and no byte is copied on its own. The last bytes, fewer than sixteen, go a
    /// word at a time, and the last word is loaded without reading past the bytes. A
    /// finding's message is about 120 bytes, a third of the JSON written for it.
    ///
    /// Texts of sixteen bytes or fewer with nothing to escape (a finding's code, most
    /// pointers) are tested and stored as one or two words right here, inlined into the
    /// caller: the call and the loops' set-up cost several times the work for them.
    @inlinable @inline(__always)
    public mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(limit - at >= Self.escapedRoom(bytes.count), "ByteWriter: past the reserved room")
        appendEscaped(roomChecked: bytes)
    }

    /// `appendEscaped` once the room (`escapedRoom`) is checked (`checkRoom`).
    @inlinable @inline(__always)
    public mutating func appendEscaped(roomChecked bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        if count <= 16, let source = bytes.baseAddress, count > 0, appendShortIfPlain(source, count: count) { return }
        appendEscapedInPieces(bytes)
    }

    /// `appendEscaped` for a text that has at least eight readable bytes from its start (it
    /// is followed by more in the same memory, as a finding's code is by its message):
    /// one of eight bytes or fewer is loaded, tested and stored as one word, without
    /// assembling it from smaller loads.
    @inlinable @inline(__always)
    public mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int) {
        let count = bytes.count
        precondition(limit - at >= Self.escapedRoom(count), "ByteWriter: past the reserved room")
        if count <= 8, count > 0, readable >= 8, let source = bytes.baseAddress {
            let word = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
            // Only the text's own bytes count (`count` is one to eight: a shift of 0 to 56).
            if Self.escapeMarks(word) & (UInt64.max &>> (64 &- UInt64(count) &* 8)) == 0 {
                UnsafeMutableRawPointer(at).storeBytes(of: word, as: UInt64.self)
                at += count
                return
            }
        }
        appendEscaped(bytes)
    }

    /// Appends `count` bytes (one to sixteen) as they are and returns true when none needs
    /// an escape; writes nothing and returns false otherwise. Eight bytes or more are two
    /// words, the second ending at the last byte (the bytes both hold are tested twice,
    /// which changes nothing); fewer are one word, stored whole into the room's spare
    /// eight bytes.
    @inlinable @inline(__always)
    mutating func appendShortIfPlain(_ source: UnsafePointer<UInt8>, count: Int) -> Bool {
        let raw = UnsafeRawPointer(source)
        let out = UnsafeMutableRawPointer(at)
        if count >= 8 {
            let first = raw.loadUnaligned(as: UInt64.self)
            let last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            // Tested side by side, as one chunk.
            let marks = Self.escapeMarks(SIMD2(first, last))
            guard marks[0] | marks[1] == 0 else { return false }
            out.storeBytes(of: first, as: UInt64.self)
            out.storeBytes(of: last, toByteOffset: count &- 8, as: UInt64.self)
        } else {
            let word = Self.loadWord(source, count: count)
            // The zero bytes loaded above the text are controls: only its own bytes count.
            guard Self.escapeMarks(word) & (UInt64(1) &<< (UInt64(count) &* 8) &- 1) == 0 else { return false }
            out.storeBytes(of: word, as: UInt64.self)
        }
        at += count
        return true
    }

    /// `appendEscaped` for any text, a chunk at a time (the general path).
    @usableFromInline
    mutating func appendEscapedInPieces(_ bytes: UnsafeBufferPointer<UInt8>) {
        appendEscapedInline(roomChecked: bytes) // callers have checked the room
    }

    /// Writes `bytes` (one to 32 of them) as they are so that they start at `target`, and
    /// returns where they end, when none needs an escape; nil, writing nothing, when one
    /// does. The text must have 32 readable bytes up to its end (it follows others in the
    /// same memory, as a finding's pointer follows its code and message): the sixteen or
    /// 32 bytes that end at its end are loaded, tested (`escapeBits`, the text's own bits)
    /// and stored as they are, ending where the text ends, so up to 31 bytes before
    /// `target` are written over too, and the caller writes them after (and must have
    /// room there).
    @inlinable @inline(__always)
    public static func writeShortIfPlain(_ bytes: UnsafeBufferPointer<UInt8>,
                                         at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        let count = bytes.count
        guard let source = bytes.baseAddress else { return nil }
        let last = UnsafeRawPointer(source + count - 16).loadUnaligned(as: SIMD2<UInt64>.self)
        if count <= 16 {
            guard escapeBits(last) &>> UInt32(truncatingIfNeeded: 16 &- count) == 0 else { return nil }
        } else {
            let first = UnsafeRawPointer(source + count - 32).loadUnaligned(as: SIMD2<UInt64>.self)
            guard (escapeBits(first) | escapeBits(last) &<< 16) &>> UInt32(truncatingIfNeeded: 32 &- count) == 0 else {
                return nil
            }
            UnsafeMutableRawPointer(target + count - 32).storeBytes(of: first, as: SIMD2<UInt64>.self)
        }
        UnsafeMutableRawPointer(target + count - 16).storeBytes(of: last, as: SIMD2<UInt64>.self)
        return target + count
    }

    /// `appendEscapedInPieces` inlined into the caller, for the text a writer escapes in a
    /// loop (a finding's message, a hundred bytes or so): the call, saving and restoring
    /// registers and loading the constants each time, cost a third as much as the chunks.
    /// Transparent: marked `@inline(__always)` only, it stayed a call in the writer's loop.
    @_transparent
    public mutating func appendEscapedInline(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(limit - at >= Self.escapedRoom(bytes.count), "ByteWriter: past the reserved room")
        appendEscapedInline(roomChecked: bytes)
    }

    /// `appendEscapedInline` once the caller has checked the room (`checkRoom`) for
    /// `escapedRoom(bytes.count)` and the other pieces it writes: a finding is checked once.
    @_transparent
    public mutating func appendEscapedInline(roomChecked bytes: UnsafeBufferPointer<UInt8>) {
        at = Self.writeEscaped(bytes, at: at)
    }

    /// Writes `bytes` as the inside of a JSON string literal at `target`, which has room
    /// for `escapedRoom(bytes.count)` bytes, and returns where they end: the loop of
    /// `appendEscapedInline`, on plain pointers (the span pieces of `ByteWriter+Span.swift`).
    ///
    /// Runs of clean bytes go 32 at a time: stored as they are, and tested for bytes to
    /// escape with one bit per byte (`escapeBits`), so that the first one is where the
    /// lowest bit is. The last bytes, fewer than 32, are the top of the 32 that end at the
    /// text's end, stored ending at the end, when the bytes before them were copied as
    /// they are since the last escape (`verbatimFrom`): then the ones written again are
    /// the same, and a message of 32 bytes or more ends in one step. Otherwise (an escape
    /// among the last 32, a shorter text) they go sixteen, then the sixteen that end at
    /// the end likewise, then a word, at a time.
    @_transparent
    public static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>,
                                    at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let count = bytes.count
        guard let source = bytes.baseAddress, count > 0 else { return target }
        var out = target
        var index = 0
        // The bytes from `verbatimFrom` to `index` were copied as they are, ending at `out`.
        var verbatimFrom = 0
        // `out` is at most 6 * index bytes past `target` before each store (an escape takes
        // six bytes at most, and a clean byte one), so the bytes stored, thirty-two, sixteen
        // or eight while at least that many are left, end within the room.
        while index &+ 32 <= count {
            let first = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD2<UInt64>.self)
            let second = UnsafeRawPointer(source + index).loadUnaligned(fromByteOffset: 16, as: SIMD2<UInt64>.self)
            UnsafeMutableRawPointer(out).storeBytes(of: first, as: SIMD2<UInt64>.self)
            UnsafeMutableRawPointer(out).storeBytes(of: second, toByteOffset: 16, as: SIMD2<UInt64>.self)
            let bits = Self.escapeBits(first) | Self.escapeBits(second) &<< 16
            if bits == 0 {
                out += 32
                index &+= 32
                continue
            }
            let clean = bits.trailingZeroBitCount
            out = Self.writeEscape(source[index &+ clean], at: out + clean)
            index &+= clean &+ 1
            verbatimFrom = index
        }
        if index < count, count >= 32, count &- 32 >= verbatimFrom {
            // The 32 bytes that end at the end: the ones before `index` are clean (they
            // have no bit) and were written as they are, so writing them again changes
            // nothing.
            let first = UnsafeRawPointer(source + (count &- 32)).loadUnaligned(as: SIMD2<UInt64>.self)
            let second = UnsafeRawPointer(source + (count &- 32)).loadUnaligned(fromByteOffset: 16,
                                                                                 as: SIMD2<UInt64>.self)
            let before = 32 &- (count &- index)
            UnsafeMutableRawPointer(out - before).storeBytes(of: first, as: SIMD2<UInt64>.self)
            UnsafeMutableRawPointer(out - before).storeBytes(of: second, toByteOffset: 16, as: SIMD2<UInt64>.self)
            let bits = Self.escapeBits(first) | Self.escapeBits(second) &<< 16
            if bits == 0 {
                return out + (count &- index)
            }
            let clean = bits.trailingZeroBitCount // `before` or more
            out = Self.writeEscape(source[count &- 32 &+ clean], at: out - before + clean)
            index = count &- 32 &+ clean &+ 1
            verbatimFrom = index
        }
        while index &+ 16 <= count {
            let chunk = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD2<UInt64>.self)
            UnsafeMutableRawPointer(out).storeBytes(of: chunk, as: SIMD2<UInt64>.self)
            let bits = Self.escapeBits(chunk)
            if bits == 0 {
                out += 16
                index &+= 16
                continue
            }
            let clean = bits.trailingZeroBitCount
            out = Self.writeEscape(source[index &+ clean], at: out + clean)
            index &+= clean &+ 1
            verbatimFrom = index
        }
        if index < count, count >= 16, count &- 16 >= verbatimFrom {
            // The sixteen bytes that end at the end, as the 32 above.
            let chunk = UnsafeRawPointer(source + (count &- 16)).loadUnaligned(as: SIMD2<UInt64>.self)
            let before = 16 &- (count &- index)
            UnsafeMutableRawPointer(out - before).storeBytes(of: chunk, as: SIMD2<UInt64>.self)
            let bits = Self.escapeBits(chunk)
            if bits == 0 {
                return out + (count &- index)
            }
            let clean = bits.trailingZeroBitCount // `before` or more
            out = Self.writeEscape(source[count &- 16 &+ clean], at: out - before + clean)
            index = count &- 16 &+ clean &+ 1
        }
        while index &+ 8 <= count {
            let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(out).storeBytes(of: word, as: UInt64.self)
            let marks = Self.escapeMarks(word)
            if marks == 0 {
                out += 8
                index &+= 8
                continue
            }
            let clean = marks.trailingZeroBitCount &>> 3
            out = Self.writeEscape(source[index &+ clean], at: out + clean)
            index &+= clean &+ 1
        }
        var left = count &- index
        if left > 0 {
            // Stores eight bytes for fewer: the room has eight bytes to spare for this. The
            // last `left` bytes are the top of the word that ends at the last byte (read in
            // one load when the text has eight bytes), shifted down, with zeros above them.
            var word = count >= 8
                ? UnsafeRawPointer(source + (count &- 8)).loadUnaligned(as: UInt64.self) &>> (UInt64(8 &- left) &* 8)
                : Self.loadWord(source + index, count: left)
            while true {
                UnsafeMutableRawPointer(out).storeBytes(of: word, as: UInt64.self)
                let marks = Self.escapeMarks(word) & (UInt64(1) &<< (UInt64(left) &* 8) &- 1)
                if marks == 0 {
                    out += left
                    break
                }
                let clean = marks.trailingZeroBitCount &>> 3
                out = Self.writeEscape(UInt8(truncatingIfNeeded: word &>> (UInt64(clean) &* 8)), at: out + clean)
                left &-= clean &+ 1
                if left == 0 { break }
                word &>>= UInt64(clean &+ 1) &* 8 // at most 56: `left` was at most seven
            }
        }
        return out
    }

    /// Bit `i` set when byte `i` of the sixteen of `chunk` is one a JSON string escapes
    /// (`"`, `\\` or a control below 0x20): exact for every byte, so the lowest bit is
    /// the first such byte. On x86-64, byte compares (SSE2, which every x86-64 has) and
    /// one move of the bytes' top bits (`pmovmskb`): the word tests below, which Swift's
    /// own vector types compile to (its lane compares are a loop per lane), cost half as
    /// much again and mark only the lowest byte exactly.
    @inlinable @inline(__always)
    static func escapeBits(_ chunk: SIMD2<UInt64>) -> UInt32 {
        #if arch(x86_64) && !INBOX_PORTABLE
        let bytes = unsafeBitCast(chunk, to: __m128i.self)
        // With bit 1 flipped, `"` (0x22) is a space (0x20) and the controls stay controls:
        // the bytes to escape but `\\` are the ones of 0x20 or below, one unsigned minimum.
        let flipped = _mm_xor_si128(bytes, _mm_set1_epi8(0x02))
        let quotesAndControls = _mm_cmpeq_epi8(_mm_min_epu8(flipped, _mm_set1_epi8(0x20)), flipped)
        let backslashes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x5C))
        return UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_or_si128(quotesAndControls, backslashes)))
        #else
        return escapeBitsInWords(chunk)
        #endif
    }

    /// `escapeBits` in word arithmetic, for any platform (and compared with it by the tests).
    @inlinable @inline(__always)
    static func escapeBitsInWords(_ chunk: SIMD2<UInt64>) -> UInt32 {
        UInt32(truncatingIfNeeded: topBits(exactEscapeMarks(chunk[0])))
            | UInt32(truncatingIfNeeded: topBits(exactEscapeMarks(chunk[1]))) &<< 8
    }

    /// 0x80 in each byte of `word` that a JSON string escapes, and in no other: each byte
    /// is tested on its own (the sums never carry into the next byte).
    @inlinable @inline(__always)
    static func exactEscapeMarks(_ word: UInt64) -> UInt64 {
        let low = UInt64(0x7F7F_7F7F_7F7F_7F7F)
        // The low seven bits plus 0x60 reach the top bit from 0x20 up.
        let controls = ~((word & low) &+ 0x6060_6060_6060_6060)
        let quotes = word ^ 0x2222_2222_2222_2222
        let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
        // A byte is zero when neither its top bit nor its low bits plus 0x7F reach the top.
        let quoteMarks = ~(((quotes & low) &+ low) | quotes)
        let backslashMarks = ~(((backslashes & low) &+ low) | backslashes)
        return (controls | quoteMarks | backslashMarks) & ~word & 0x8080_8080_8080_8080
    }

    /// The top bits of the eight bytes of `marks` (which has no other bits), as the low
    /// eight bits, the first byte's lowest.
    @inlinable @inline(__always)
    static func topBits(_ marks: UInt64) -> UInt64 {
        ((marks &>> 7) &* 0x0102_0408_1020_4080) &>> 56
    }

    /// Marks (0x80) the bytes of `word` that a JSON string must escape (`"`, `\\` and the
    /// controls below 0x20); only the lowest mark is exact (a borrow can mark a byte above
    /// a marked one), which is all the writer needs. Bytes of 0x80 and above never borrow
    /// and are never marked.
    @inlinable @inline(__always)
    static func escapeMarks(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // With bit 1 flipped, `"` (0x22) is a space (0x20) and the controls stay controls:
        // the bytes to escape but `\\` are the ones below 0x21, one subtraction.
        let shifted = word ^ 0x0202_0202_0202_0202
        let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C // `\\` in every byte
        return ((shifted &- ones &* 0x21) | (backslashes &- ones)) & ~word & (ones &* 0x80)
    }

    /// `escapeMarks` of two words at once (each on its own: nothing carries between them).
    @inlinable @inline(__always)
    static func escapeMarks(_ words: SIMD2<UInt64>) -> SIMD2<UInt64> {
        let ones = SIMD2<UInt64>(repeating: 0x0101_0101_0101_0101)
        let shifted = words ^ SIMD2(repeating: 0x0202_0202_0202_0202) // as in the word's
        let backslashes = words ^ SIMD2(repeating: 0x5C5C_5C5C_5C5C_5C5C)
        return ((shifted &- SIMD2(repeating: 0x2121_2121_2121_2121)) | (backslashes &- ones)) & ~words
            & SIMD2(repeating: 0x8080_8080_8080_8080)
    }

    /// `count` bytes (one to seven) as the low bytes of a word, the first lowest (the order
    /// the word loads above use on the little-endian platforms this runs on), read
    /// without touching memory past them.
    @inlinable @inline(__always)
    static func loadWord(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes)
        var word: UInt64 = 0
        var offset = 0
        if count & 4 != 0 {
            word = UInt64(raw.loadUnaligned(as: UInt32.self))
            offset = 4
        }
        if count & 2 != 0 {
            word |= UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) &<< (UInt64(offset) &* 8)
            offset &+= 2
        }
        if count & 1 != 0 {
            word |= UInt64(bytes[offset]) &<< (UInt64(offset) &* 8)
        }
        return word
    }

    /// The escape of one byte; the two that text has most (`\"`, `\\`) without a call.
    @inlinable @inline(__always)
    static func writeEscape(_ byte: UInt8, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if byte == 0x22 || byte == 0x5C { // `"`, `\\`
            out[0] = 0x5C
            out[1] = byte
            return out + 2
        }
        return writeOtherEscape(byte, at: out)
    }

    /// The escape of any other byte a JSON string escapes (at most six bytes, `\u001f`):
    /// the one escape table, out of line (reached from code inlined into other modules).
    @usableFromInline
    static func writeOtherEscape(_ byte: UInt8, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        out[0] = ASCII.backslash
        switch byte {
        case ASCII.quote, ASCII.backslash, ASCII.slash: out[1] = byte
        case ASCII.lineFeed: out[1] = 0x6E
        case ASCII.carriageReturn: out[1] = 0x72
        case ASCII.tab: out[1] = 0x74
        case 0x08: out[1] = 0x62
        case 0x0C: out[1] = 0x66
        default:
            let hex: StaticString = "0123456789abcdef"
            return hex.withUTF8Buffer { digits in
                out[1] = 0x75
                out[2] = 0x30
                out[3] = 0x30
                out[4] = digits[Int(byte >> 4)]
                out[5] = digits[Int(byte & 0x0F)]
                return out + 6
            }
        }
        return out + 2
    }

    /// Whether some byte of `bytes` is one a JSON string escapes (`"`, `\\`, a control):
    /// the test of `writeEscaped`, for writers that reserve the worst case's room only then.
    public static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard let source = bytes.baseAddress, count > 0 else { return false }
        var index = 0
        while index &+ 16 <= count {
            if escapeBits(UnsafeRawPointer(source + index).loadUnaligned(as: SIMD2<UInt64>.self)) != 0 { return true }
            index &+= 16
        }
        while index &+ 8 <= count {
            if escapeMarks(UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)) != 0 { return true }
            index &+= 8
        }
        let left = count &- index
        guard left > 0 else { return false }
        // The zeros above the last bytes would read as controls: only theirs count.
        return escapeMarks(loadWord(source + index, count: left)) & (UInt64(1) &<< (UInt64(left) &* 8) &- 1) != 0
    }
}

extension ByteBuffer {
    /// Reserves `room` bytes once and lets `body` write up to that many through a
    /// `ByteWriter` (writing past them stops the program rather than the memory after).
    @inlinable
    public mutating func write<R>(reserving room: Int, _ body: (inout ByteWriter) throws -> R) rethrows -> R {
        reserve(room)
        var writer = ByteWriter(origin: base, at: base + _count, limit: base + _count + room)
        defer { _count = writer.at - base }
        return try body(&writer)
    }
}
