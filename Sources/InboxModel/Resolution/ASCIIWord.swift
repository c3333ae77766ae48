import InboxCore

/// Up to eight ASCII bytes held as one little-endian word (as `KeyBytes.head` reads them),
/// for matching short names ignoring case with integer compares: display types and button
/// `action` tokens of every message are matched this way.
enum ASCIIWord {
    /// Whether every byte of `word` is ASCII (its padding, zero, is).
    @inline(__always)
    static func isASCII(_ word: UInt64) -> Bool {
        word & 0x8080_8080_8080_8080 == 0
    }

    /// ASCII letters of `word` (all of whose bytes are ASCII) lowercased, as `NameTable`
    /// does: a byte in `A`...`Z` gets 0x20 added (no carry leaves a byte below 0x80).
    @inline(__always)
    static func lowercased(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let aboveA = word &+ ones &* (0x80 - 0x41)
        let aboveZ = word &+ ones &* (0x80 - 0x5B)
        let upper = aboveA & ~aboveZ & (ones &* 0x80)
        return word | (upper >> 2)
    }
}
