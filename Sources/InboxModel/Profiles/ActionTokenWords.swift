import InboxCore

/// A release's button `action` tokens as lowercase words (see `ASCIIWord`), so every
/// button's `action` is matched with a compare per token.
struct ActionTokenWords: Sendable {
    /// Up to four tokens' words and what they resolve to (a zero word matches no action:
    /// the empty string is no token).
    private let words: (UInt64, UInt64, UInt64, UInt64)
    private let kinds: (ButtonActionKind, ButtonActionKind, ButtonActionKind, ButtonActionKind)
    /// Whether every token fits (at most four, each of one to eight ASCII bytes); when not,
    /// every `action` takes the general match.
    private let covers: Bool

    init(_ tokens: [(name: String, value: ButtonActionKind)]) {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var kinds: (ButtonActionKind, ButtonActionKind, ButtonActionKind, ButtonActionKind) = (.custom, .custom, .custom, .custom)
        var covers = tokens.count <= 4
        for (position, token) in tokens.enumerated() where position < 4 {
            var word: UInt64 = 0
            var length = 0
            for byte in token.name.utf8 {
                if byte >= 0x80 || length >= 8 { covers = false }
                if length < 8 { word |= UInt64(byte) << (8 * UInt64(length)) }
                length += 1
            }
            if length == 0 { covers = false }
            word = ASCIIWord.lowercased(word)
            switch position {
            case 0: (words.0, kinds.0) = (word, token.value)
            case 1: (words.1, kinds.1) = (word, token.value)
            case 2: (words.2, kinds.2) = (word, token.value)
            default: (words.3, kinds.3) = (word, token.value)
            }
        }
        self.words = words
        self.kinds = kinds
        self.covers = covers
    }

    /// The token an `action` value names: `.some(kind)` or `.some(nil)` (no token) when
    /// told from its raw bytes (a string of up to eight ASCII bytes without escapes, or not
    /// a string), nil when the general match must decide (escapes, longer or non-ASCII
    /// text, which Unicode lowercasing may turn into a token).
    @inline(__always)
    func match(_ value: JSONValue) -> ButtonActionKind?? {
        let node = value.node
        guard node.kind == .string else { return .some(nil) }
        let length = Int(node.end &- node.start) &- 2
        guard covers, length <= 8, node.flags & NodeFlag.hasEscapes == 0 else { return nil }
        let head = KeyBytes.head(value.inputBytes, from: Int(node.start) &+ 1, length: length)
        guard ASCIIWord.isASCII(head) else { return nil }
        if head == 0 { return .some(nil) }
        let lowered = ASCIIWord.lowercased(head)
        if lowered == words.0 { return .some(kinds.0) }
        if lowered == words.1 { return .some(kinds.1) }
        if lowered == words.2 { return .some(kinds.2) }
        if lowered == words.3 { return .some(kinds.3) }
        return .some(nil)
    }
}

extension SDKProfile {
    /// The action token a button's `action` value names under this release (nil for no
    /// token, and for non-strings): `CaseInsensitiveName.match(value, among: actionTokenTable)`,
    /// told from the raw bytes when it can be.
    @inline(__always)
    func actionToken(of value: JSONValue) -> ButtonActionKind? {
        if let quick = actionTokenWords.match(value) { return quick }
        return CaseInsensitiveName.match(value, among: actionTokenTable)
    }
}
