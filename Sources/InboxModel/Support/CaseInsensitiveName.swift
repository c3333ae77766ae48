import InboxCore

/// Matching a payload's word (`displayType`, a button's `action`) against the few
/// lowercase names the SDK knows, as `text.lowercased() == name` does, without
/// lowercasing: every message's display type and every button's action is matched.
enum CaseInsensitiveName {
    /// The first of `names` (all lowercase ASCII) that `text` equals ignoring ASCII case.
    /// Non-ASCII text goes through `lowercased()`, whose Unicode rules can turn a
    /// non-ASCII letter into an ASCII one (the Kelvin sign lowercases to `k`).
    /// `match` with the names prepared once (see `NameTable`).
    static func match<Name>(_ text: String, among table: NameTable<Name>) -> Name? {
        if let asciiMatch = text.withUTF8Span({ table.asciiMatch($0) }) { return asciiMatch }
        return table.match(lowered: text.lowercased())
    }

    /// `match` of a JSON string, read from its bytes (nil for non-strings); only non-ASCII
    /// text is decoded.
    static func match<Name>(_ value: JSONValue, among table: NameTable<Name>) -> Name? {
        guard let asciiMatch = value.withStringSpan({ table.asciiMatch($0) }) else { return nil }
        if let asciiMatch { return asciiMatch }
        guard let lowered = value.string?.lowercased() else { return nil }
        return table.match(lowered: lowered)
    }
}

/// Lowercase ASCII names with their values, each also held as its bytes packed into two
/// words, so a word of up to 16 bytes is matched with two integer compares per name
/// instead of a walk over each name's String.
struct NameTable<Name> {
    let names: [(name: String, value: Name)]
    /// Per name: its first eight bytes and the next eight (little-endian, zero-padded),
    /// and its length; names longer than 16 bytes are compared byte by byte.
    private let words: [(low: UInt64, high: UInt64, count: Int)]

    init(_ names: [(name: String, value: Name)]) {
        self.names = names
        words = names.map { entry in
            var low: UInt64 = 0
            var high: UInt64 = 0
            for (index, byte) in entry.name.utf8.enumerated() where index < 16 {
                if index < 8 { low |= UInt64(byte) << (8 * UInt64(index)) } else { high |= UInt64(byte) << (8 * UInt64(index - 8)) }
            }
            return (low, high, entry.name.utf8.count)
        }
    }

    /// The value of the name equal to `lowered` (already lowercased by Unicode rules).
    func match(lowered: String) -> Name? {
        names.first { $0.name == lowered }?.value
    }

    /// The answer for ASCII `bytes` (`.some(nil)`: no name matches); nil when they are
    /// not ASCII and need Unicode lowercasing.
    func asciiMatch(_ bytes: Span<UInt8>) -> Name?? {
        guard bytes.count <= 16 else { return longASCIIMatch(bytes) }
        // Up to 16 bytes: packed into two words, checked for ASCII and lowercased a word at a time.
        let (low, high) = KeyBytes.words(bytes)
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return .none }
        let loweredLow = Self.lowercased(low)
        let loweredHigh = Self.lowercased(high)
        for position in words.indices
        where words[position].count == bytes.count && words[position].low == loweredLow && words[position].high == loweredHigh {
            return .some(names[position].value)
        }
        return .some(nil)
    }

    /// ASCII letters of `word` (all of whose bytes are ASCII) lowercased: a byte in
    /// `A`...`Z` gets 0x20 added (SWAR: no carry leaves a byte, as each is below 0x80).
    @inline(__always)
    private static func lowercased(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let aboveA = word &+ ones &* (0x80 - 0x41)   // high bit set when byte >= 0x41
        let aboveZ = word &+ ones &* (0x80 - 0x5B)   // high bit set when byte >= 0x5B
        let upper = aboveA & ~aboveZ & (ones &* 0x80)
        return word | (upper >> 2)
    }

    /// `asciiMatch` of a word longer than 16 bytes, byte by byte.
    private func longASCIIMatch(_ bytes: Span<UInt8>) -> Name?? {
        for index in bytes.indices where bytes[index] >= 0x80 { return .none }
        for position in names.indices where words[position].count == bytes.count {
            var equal = true
            for (index, byte) in names[position].name.utf8.enumerated() {
                let other = bytes[index]
                if byte != ((0x41 ... 0x5A).contains(other) ? other | 0x20 : other) { equal = false; break }
            }
            if equal { return .some(names[position].value) }
        }
        return .some(nil)
    }
}

extension NameTable: Sendable where Name: Sendable {}
