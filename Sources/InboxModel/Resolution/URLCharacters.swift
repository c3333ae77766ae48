/// Characters a URL may not hold unencoded (RFC 3986 §2): the SDK passes the string to
/// `URL(string:)`, which returns nil for them, so the image, video or link silently fails.
public enum URLCharacters {
    /// What is wrong with `url`, in words, first problem of each kind; empty when clean.
    public static func problems(in url: String) -> [String] {
        // Almost every URL is clean: one pass over its UTF-8 proves it without copying
        // the bytes or building anything (every URL of every message is checked).
        if url.utf8.withContiguousStorageIfAvailable({ isClean($0) }) == true { return [] }
        return describedProblems(in: url)
    }

    /// Whether `bytes` hold nothing `problems` would name: every byte plain, every `%`
    /// followed by two hex digits. Eight bytes at a time: a word passes when no byte can be
    /// a problem (the filter may send a harmless byte such as `!` or `~` on to the exact
    /// look, never the other way round); a word that does not pass is looked at byte by byte.
    static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if mayHoldProblem(word) {
                for at in index ..< index + 8 where !isPlain(base[at]) {
                    guard isEscape(bytes, at: at) else { return false }
                }
            }
            index += 8
        }
        while index < count {
            if !isPlain(base[index]), !isEscape(bytes, at: index) { return false }
            index += 1
        }
        return true
    }

    /// Some byte of `word` may be a control byte, a space, non-ASCII, or one of
    /// `" % < > \ ^ ` { | }` (SWAR: a byte's high bit is set in the mask when it matches;
    /// borrows between bytes only add matches above a true one).
    @inline(__always)
    private static func mayHoldProblem(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        /// A byte of `value` is zero.
        func zero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        // Below 0x23: controls, the space, `!` and `"`.
        let low = (word &- 0x23 &* ones) & ~word
        // Above 0x7A: `{ | } ~`, DEL and every non-ASCII byte.
        let high = (word &+ (0x7F - 0x7A) &* ones) | word
        // `<` and `>` differ only in bit 1, as do `\` and `^`.
        let angles = zero((word ^ (0x3C &* ones)) & (0xFD &* ones))
        let slashCaret = zero((word ^ (0x5C &* ones)) & (0xFD &* ones))
        let backtick = zero(word ^ (0x60 &* ones))
        let percent = zero(word ^ (0x25 &* ones))
        return (low | high | angles | slashCaret | backtick | percent) & highs != 0
    }

    /// Printable ASCII other than the characters `problems` names and `%`, as two bitmaps
    /// (bytes 0-63 and 64-127) so no table needs initialising.
    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case 0 ..< 64: return (0xAFFF_FFDA_0000_0000 as UInt64) >> UInt64(byte) & 1 != 0
        case 64 ..< 128: return (0x47FF_FFFE_AFFF_FFFF as UInt64) >> UInt64(byte - 64) & 1 != 0
        default: return false
        }
    }

    /// A `%` followed by two hex digits.
    private static func isEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        bytes[index] == UInt8(ascii: "%") && index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2])
    }

    /// The problems, named: the exact look, for the rare URL that is not clean (and the
    /// reference the fast path is tested against).
    static func describedProblems(in url: String) -> [String] {
        var problems: [String] = []
        func note(_ problem: String) { if !problems.contains(problem) { problems.append(problem) } }
        let bytes = Array(url.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "): note(index == 0 || index == bytes.count - 1 ? "leading or trailing spaces" : "a space")
            case 0x09, 0x0A, 0x0D: note("a tab or line break")
            case 0x00 ..< 0x20, 0x7F: note("a control character")
            case 0x80...: note("non-ASCII characters")
            case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
                 UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
                note("the character \(Character(Unicode.Scalar(byte)))")
            case UInt8(ascii: "%"):
                let hex = { (i: Int) in i < bytes.count && isHex(bytes[i]) }
                if !(hex(index + 1) && hex(index + 2)) { note("a % not followed by two hex digits") }
            default: break
            }
            index += 1
        }
        return problems
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "a") ... UInt8(ascii: "f"),
             UInt8(ascii: "A") ... UInt8(ascii: "F"): return true
        default: return false
        }
    }
}
