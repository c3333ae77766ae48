import InboxCore

/// Matching a `displayType` against the six kinds' names without a table walk
/// (`NameTable.asciiMatch`), as every message's display type is matched.
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
    static func asciiMatch(_ bytes: Span<UInt8>) -> CardKind?? {
        let count = bytes.count
        guard count <= 16 else { return nameTable.asciiMatch(bytes) }
        let (low, high) = KeyBytes.words(bytes)
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return .none }
        return .some(kind(count: count, word: lowercased(low), high: high))
    }

    /// The kind named by `count` ASCII bytes whose first eight, lowercased, are `word`
    /// (zero-padded) and whose next eight are `high` (not lowercased; zero-padded).
    @inline(__always)
    private static func kind(count: Int, word: UInt64, high: UInt64) -> CardKind? {
        switch count {
        case 5: return word == Words.video ? .video : nil
        case 6: return word == Words.banner ? .banner : word == Words.wallet ? .wallet : nil
        case 7: return word == Words.classic ? .classic : nil
        case 8: return word == Words.carousel ? .carousel : nil
        case 9: return word == Words.captioneHead && lowercased(high) == 0x64 ? .captioned : nil
        default: return nil
        }
    }

    /// `named` for a string without escapes of up to nine bytes (every usual display type),
    /// read from the input as one or two words: nil when the string is not one (the general
    /// way decides). Inlined, as every message's display type is matched.
    @inline(__always)
    private static func rawMatch(_ value: JSONValue) -> CardKind?? {
        let node = value.node
        let count = Int(node.end &- node.start) &- 2
        guard node.kind == .string, node.flags & NodeFlag.hasEscapes == 0, count <= 9 else { return nil }
        let from = Int(node.start) &+ 1
        let (low, high) = value.withInputSpan { bytes in
            // The ninth byte, when there is one: the last of the tail word.
            (KeyBytes.head(bytes, from: from, length: count), count == 9 ? KeyBytes.tail(bytes, from: from, length: count) >> 56 : 0)
        }
        guard ASCIIWord.isASCII(low | high) else { return nil }
        return .some(kind(count: count, word: lowercased(low), high: high))
    }

    @inline(__always)
    private static func lowercased(_ word: UInt64) -> UInt64 {
        ASCIIWord.lowercased(word)
    }

    /// `CaseInsensitiveName.match(value, among: nameTable)`: the kind a JSON string names
    /// (nil for non-strings), with only non-ASCII text decoded. The usual display type
    /// (a short ASCII string) is matched inline, without a call.
    @inline(__always)
    static func named(_ value: JSONValue) -> CardKind? {
        if let raw = rawMatch(value) { return raw }
        return namedDecoding(value)
    }

    /// `named` of a string `rawMatch` does not decide (escapes, long or non-ASCII text).
    @inline(never)
    private static func namedDecoding(_ value: JSONValue) -> CardKind? {
        guard let asciiMatch = value.withStringSpan({ asciiMatch($0) }) else { return nil }
        if let asciiMatch { return asciiMatch }
        guard let lowered = value.string?.lowercased() else { return nil }
        return nameTable.match(lowered: lowered)
    }
}
