/// A key of at most sixteen bytes held in two words, so comparing two keys is comparing
/// three integers: the misspelled-key rules compare every short key of the objects the
/// SDK reads with the few dozen spellings of `SDKKeyTable`.
struct ShortKey: Equatable, Sendable {
    static let capacity = 16

    /// Bytes 0-7 and 8-15 as little-endian numbers (byte `k` of a word in bits `8k ..< 8k+8`),
    /// zero past `count`.
    private var words: (UInt64, UInt64) = (0, 0)
    private(set) var count = 0

    /// Nil when `text` is longer than `capacity` in UTF-8.
    init?(_ text: String) {
        guard text.utf8.count <= Self.capacity else { return nil }
        for byte in text.utf8 { append(byte) }
    }

    /// `self` lowercased (ASCII letters) without `_`, `-` and spaces, as `SDKKeyTable.fold`
    /// folds an ASCII key. Most keys have no separator: their letters are lowercased a
    /// word at a time.
    var folded: ShortKey {
        guard hasSeparator else {
            var result = self
            result.words = (Self.lowercased(words.0), Self.lowercased(words.1))
            return result
        }
        var result = ShortKey()
        for index in 0 ..< count {
            let byte = self[index]
            guard byte != UInt8(ascii: "_"), byte != UInt8(ascii: "-"), byte != UInt8(ascii: " ") else { continue }
            result.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
        }
        return result
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The ASCII bytes of `word` with `A`-`Z` lowercased: a byte from 0x41 to 0x5A is the
    /// one whose high bit adding 0x3F sets and adding 0x25 does not (no carry crosses bytes below 0x80).
    private static func lowercased(_ word: UInt64) -> UInt64 {
        let upper = ((word &+ 0x3F &* ones) ^ (word &+ 0x25 &* ones)) & highBits & ~word
        return word | upper >> 2
    }

    /// How many bytes of `word` are not zero.
    private static func nonzeroBytes(_ word: UInt64) -> Int {
        ((((word & ~highBits) &+ ~highBits) | word) & highBits).nonzeroBitCount
    }

    /// Whether `word` has a byte equal to `byte` (exact, without borrows across bytes).
    private static func has(_ byte: UInt8, in word: UInt64) -> Bool {
        let value = word ^ (UInt64(byte) &* ones)
        return (((value & ~highBits) &+ ~highBits) | value) & highBits != highBits
    }

    /// Whether a `_`, `-` or space is among the first `count` bytes (the padding is zero).
    private var hasSeparator: Bool {
        func inWord(_ word: UInt64) -> Bool {
            Self.has(UInt8(ascii: "_"), in: word) || Self.has(UInt8(ascii: "-"), in: word) || Self.has(UInt8(ascii: " "), in: word)
        }
        return inWord(words.0) || inWord(words.1)
    }

    /// Whether every byte is ASCII (folding reads bytes as ASCII letters).
    /// The first eight bytes, as `KeyBytes.head` reads them.
    var head: UInt64 { words.0 }
    var isASCII: Bool { (words.0 | words.1) & 0x8080_8080_8080_8080 == 0 }

    /// The empty key.
    init() {}

    /// The key of `count` bytes whose bytes 0-7 are `low` and 8-15 `high`, as little-endian
    /// numbers (`KeyBytes.head`), zero past `count`.
    @inline(__always)
    init(low: UInt64, high: UInt64, count: Int) {
        words = (low, high)
        self.count = count
    }

    /// One of 64 slots of a table of keys, spread by all the key's bytes.
    var slot: Int {
        let mixed = (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
        return Int(truncatingIfNeeded: mixed >> 58)
    }

    private mutating func append(_ byte: UInt8) {
        if count < 8 {
            words.0 |= UInt64(byte) << UInt64(8 * count)
        } else {
            words.1 |= UInt64(byte) << UInt64(8 * (count - 8))
        }
        count += 1
    }

    subscript(index: Int) -> UInt8 {
        index < 8 ? UInt8(truncatingIfNeeded: words.0 >> UInt64(8 * index))
            : UInt8(truncatingIfNeeded: words.1 >> UInt64(8 * (index - 8)))
    }

    static func == (lhs: ShortKey, rhs: ShortKey) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.count == rhs.count
    }

    /// Whether `self` becomes `other` by changing, adding or removing one byte: the bytes
    /// before the first difference and after it must then match.
    func isOneEdit(from other: ShortKey) -> Bool {
        guard abs(count - other.count) <= 1, self != other else { return false }
        // Same length: one byte changed, told from the words.
        if count == other.count {
            return Self.nonzeroBytes(words.0 ^ other.words.0) + Self.nonzeroBytes(words.1 ^ other.words.1) == 1
        }
        var start = 0
        while start < count, start < other.count, self[start] == other[start] { start += 1 }
        // What follows the difference: the rest of each, past one byte of the longer (or of both).
        var mine = count >= other.count ? start + 1 : start
        var theirs = other.count >= count ? start + 1 : start
        guard count - mine == other.count - theirs else { return false }
        while mine < count {
            if self[mine] != other[theirs] { return false }
            mine += 1
            theirs += 1
        }
        return true
    }
}
