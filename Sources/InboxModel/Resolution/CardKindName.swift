/// Matching a `displayType` against the six kinds' names without a table walk: every
/// message's display type is matched, and `NameTable.asciiMatch` compared it with each
/// name in a loop over the table (loaded through a lazily initialised global).
extension CardKind {
    /// The kinds' names as little-endian words (first eight bytes, zero-padded), as
    /// `KeyBytes.head` reads them; `captioned` is nine bytes: its ninth is `d` (0x64).
    /// Those that are also custom-data keys are `IndexedWords`'.
    private enum Words {
        static let video = IndexedWords.video
        static let banner: UInt64 = 0x72_65_6E_6E_61_62                // "banner"
        static let wallet = IndexedWords.wallet
        static let classic: UInt64 = 0x63_69_73_73_61_6C_63            // "classic"
        static let carousel = IndexedWords.carousel
        static let captioneHead: UInt64 = 0x65_6E_6F_69_74_70_61_63    // "captione"
    }

    /// `nameTable.asciiMatch(bytes)`: the kind ASCII `bytes` name ignoring case (`.some(nil)`
    /// when they name none), nil when they are not ASCII (Unicode lowercasing decides).
    /// Told by the length, then by the lowercased first word.
    static func asciiMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> CardKind?? {
        let count = bytes.count
        guard count <= 16 else { return nameTable.asciiMatch(bytes) }
        var packed: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &packed) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        let low = UInt64(littleEndian: packed.0)
        let high = UInt64(littleEndian: packed.1)
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return .none }
        let word = lowercased(low)
        switch count {
        case 5: return .some(word == Words.video ? .video : nil)
        case 6: return .some(word == Words.banner ? .banner : word == Words.wallet ? .wallet : nil)
        case 7: return .some(word == Words.classic ? .classic : nil)
        case 8: return .some(word == Words.carousel ? .carousel : nil)
        case 9: return .some(word == Words.captioneHead && lowercased(high) == 0x64 ? .captioned : nil)
        default: return .some(nil)
        }
    }

    /// ASCII letters of `word` (all of whose bytes are ASCII) lowercased, as `NameTable`
    /// does: a byte in `A`...`Z` gets 0x20 added (no carry leaves a byte below 0x80).
    @inline(__always)
    private static func lowercased(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let aboveA = word &+ ones &* (0x80 - 0x41)
        let aboveZ = word &+ ones &* (0x80 - 0x5B)
        let upper = aboveA & ~aboveZ & (ones &* 0x80)
        return word | (upper >> 2)
    }

    /// `CaseInsensitiveName.match(value, among: nameTable)`: the kind a JSON string names
    /// (nil for non-strings), with only non-ASCII text decoded.
    static func named(_ value: JSONValue) -> CardKind? {
        guard let asciiMatch = value.withStringBytes({ asciiMatch($0) }) else { return nil }
        if let asciiMatch { return asciiMatch }
        guard let lowered = value.string?.lowercased() else { return nil }
        return nameTable.match(lowered: lowered)
    }
}
