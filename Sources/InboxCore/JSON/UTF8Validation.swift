/// UTF-8 checks used while scanning strings. iOS refuses a payload that is not valid UTF-8, so the
/// parser must find the bad byte itself; doing it inline (ASCII skipped eight bytes at a time) keeps
/// validation from costing a second pass over the input.
@usableFromInline package enum UTF8Validation {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Marks (with 0x80) the bytes of `word` that a string scanner must look at one at a time: a
    /// quote, a backslash, a control character (< 0x20) or a non-ASCII byte. Exact per byte (no
    /// carries between bytes), so the first marked byte can be jumped to directly. `word` must hold
    /// the bytes in little-endian order (byte 0 in the low bits).
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        stringEndBytes(word) | (word & highBits)
    }

    /// Like `specialBytes`, but only the lowest mark is exact: a borrow can also mark bytes
    /// above a special one, never below it. That is all a scanner needs to jump to the first
    /// special byte (and whether any exists), in about half the operations.
    ///
    /// Per byte `x`, with no borrow from below: `(x ^ '"') - 1` has its top bit set when `x`
    /// is a quote or when `x ^ '"'` is above 0x80, which needs `x` >= 0x80; likewise for the
    /// backslash; `x - 0x20` when `x` < 0x20 or `x` >= 0xA0; and `x` itself when `x` >= 0x80.
    /// So the lowest marked byte is special, and a subtraction borrows only out of a byte
    /// that was zero, which is marked itself.
    @inline(__always)
    static func firstSpecialBytes(_ word: UInt64) -> UInt64 {
        let quotes = (word ^ (ones &* UInt64(ASCII.quote))) &- ones
        let backslashes = (word ^ (ones &* UInt64(ASCII.backslash))) &- ones
        let controls = word &- ones &* 0x20
        return (quotes | backslashes | controls | word) & highBits
    }

    /// Marks (with 0x80) the bytes of `word` that end a plain run of string contents: a quote,
    /// a backslash or a control character. Exact per byte, like `specialBytes`.
    @inline(__always)
    static func stringEndBytes(_ word: UInt64) -> UInt64 {
        let controls = word & (ones &* 0xE0)
        return bytes(of: word, equalTo: ASCII.quote) | bytes(of: word, equalTo: ASCII.backslash) | zeroBytes(controls)
    }

    /// Marks (with 0x80) the bytes of `word` below 0x20 or above 0x7F. Exact per byte.
    @inline(__always)
    static func controlOrNonASCIIBytes(_ word: UInt64) -> UInt64 {
        zeroBytes(word & (ones &* 0xE0)) | (word & highBits)
    }

    /// Marks (with 0x80) the bytes of `word` equal to `byte`.
    @inline(__always)
    @inlinable package static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        zeroBytes(word ^ (ones &* UInt64(byte)))
    }

    /// Like `bytes(of:equalTo:)`, but only the lowest mark is exact (a borrow out of a
    /// matching byte can mark the byte above it): enough to find the first match, in fewer
    /// operations.
    @inline(__always)
    static func firstBytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highBits
    }

    /// 0x80 in every byte of `x` that is zero, 0 elsewhere.
    @inline(__always)
    @inlinable static func zeroBytes(_ x: UInt64) -> UInt64 {
        let low7 = ones &* 0x7F
        return ~(((x & low7) &+ low7) | x | low7)
    }

    /// Length (2...4) of the well-formed multi-byte sequence starting at `i`, or 0 when it is malformed:
    /// overlong forms, UTF-16 surrogates encoded in UTF-8, values above U+10FFFF and truncated sequences
    /// are all rejected (Unicode Table 3-7).
    @inline(__always)
    static func multiByteLength(_ buf: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let end = buf.count
        @inline(__always) func inRange(_ j: Int, _ low: UInt8, _ high: UInt8) -> Bool {
            j < end && buf[j] >= low && buf[j] <= high
        }
        switch buf[i] {
        case 0xC2...0xDF:
            return inRange(i + 1, 0x80, 0xBF) ? 2 : 0
        case 0xE0:
            return inRange(i + 1, 0xA0, 0xBF) && inRange(i + 2, 0x80, 0xBF) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return inRange(i + 1, 0x80, 0xBF) && inRange(i + 2, 0x80, 0xBF) ? 3 : 0
        case 0xED:
            return inRange(i + 1, 0x80, 0x9F) && inRange(i + 2, 0x80, 0xBF) ? 3 : 0
        case 0xF0:
            return inRange(i + 1, 0x90, 0xBF) && inRange(i + 2, 0x80, 0xBF) && inRange(i + 3, 0x80, 0xBF) ? 4 : 0
        case 0xF1...0xF3:
            return inRange(i + 1, 0x80, 0xBF) && inRange(i + 2, 0x80, 0xBF) && inRange(i + 3, 0x80, 0xBF) ? 4 : 0
        case 0xF4:
            return inRange(i + 1, 0x80, 0x8F) && inRange(i + 2, 0x80, 0xBF) && inRange(i + 3, 0x80, 0xBF) ? 4 : 0
        default:
            return 0
        }
    }

    /// The malformed sequence at `i` (its first byte plus the continuation bytes that follow, at most 4),
    /// so a message can show exactly which bytes are wrong.
    static func malformedBytes(_ buf: UnsafeBufferPointer<UInt8>, at i: Int) -> [UInt8] {
        guard i < buf.count else { return [] }
        var bytes = [buf[i]]
        var j = i + 1
        while j < buf.count, bytes.count < 4, buf[j] & 0xC0 == 0x80, buf[i] >= 0xC0 {
            bytes.append(buf[j])
            j += 1
        }
        return bytes
    }

    /// Number of UTF-8 continuation bytes (10xxxxxx) in `from ..< to`; bytes minus this is the number of
    /// scalars, which is how columns are counted. Eight bytes per step so long lines stay cheap.
    /// Whether every byte is below 0x80, eight bytes at a time.
    static func isASCII(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buf.baseAddress else { return true }
        var i = 0
        var seen: UInt64 = 0
        while i + 8 <= buf.count {
            seen |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < buf.count {
            seen |= UInt64(buf[i])
            i += 1
        }
        return seen & highBits == 0
    }

    static func continuationCount(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        guard from < to, let base = buf.baseAddress else { return 0 }
        var count = 0
        var i = from
        while i + 8 <= to {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            count += (word & ~(word << 1) & highBits).nonzeroBitCount
            i += 8
        }
        while i < to {
            if buf[i] & 0xC0 == 0x80 { count += 1 }
            i += 1
        }
        return count
    }
}
