/// Matching a payload's word (`displayType`, a button's `action`) against the few
/// lowercase names the SDK knows, as `text.lowercased() == name` does, without
/// lowercasing: every message's display type and every button's action is matched.
enum CaseInsensitiveName {
    /// The first of `names` (all lowercase ASCII) that `text` equals ignoring ASCII case.
    /// Non-ASCII text goes through `lowercased()`, whose Unicode rules can turn a
    /// non-ASCII letter into an ASCII one (the Kelvin sign lowercases to `k`).
    static func match<Name>(_ text: String, among names: [(name: String, value: Name)]) -> Name? {
        match(text, among: NameTable(names))
    }

    /// `match` with the names prepared once (see `NameTable`).
    static func match<Name>(_ text: String, among table: NameTable<Name>) -> Name? {
        var text = text
        if let asciiMatch = text.withUTF8({ table.asciiMatch($0) }) { return asciiMatch }
        return table.match(lowered: text.lowercased())
    }

    /// `match` of a JSON string, read from its bytes (nil for non-strings); only non-ASCII
    /// text is decoded.
    static func match<Name>(_ value: JSONValue, among table: NameTable<Name>) -> Name? {
        guard let asciiMatch = value.withStringBytes({ table.asciiMatch($0) }) else { return nil }
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
    func asciiMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Name?? {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var any: UInt8 = 0
        for index in 0 ..< bytes.count {
            let byte = bytes[index]
            any |= byte
            guard index < 16 else { continue }
            let lowered = UInt64((0x41 ... 0x5A).contains(byte) ? byte | 0x20 : byte)
            if index < 8 { low |= lowered << (8 * UInt64(index)) } else { high |= lowered << (8 * UInt64(index - 8)) }
        }
        guard any < 0x80 else { return .none }
        for position in words.indices {
            let word = words[position]
            guard word.count == bytes.count, word.low == low, word.high == high else { continue }
            if word.count <= 16 || longTailMatches(names[position].name, bytes) { return .some(names[position].value) }
        }
        return .some(nil)
    }

    /// Bytes 16 and on of a long name against the same bytes of `text`, ignoring ASCII case.
    private func longTailMatches(_ name: String, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for (index, byte) in name.utf8.enumerated() where index >= 16 {
            let other = text[index]
            if byte != ((0x41 ... 0x5A).contains(other) ? other | 0x20 : other) { return false }
        }
        return true
    }
}

extension NameTable: Sendable where Name: Sendable {}
