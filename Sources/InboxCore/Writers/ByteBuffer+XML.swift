/// XML text and attribute escaping, into a `ByteBuffer`: the one XML escaper (JUnit's
/// report writes every text it takes from a finding or a path through it).
extension ByteBuffer {
    /// Appends `text` (UTF-8) escaped for XML text and attribute values: `&<>"'` become
    /// entities, and what XML 1.0 forbids (control characters other than tab, LF and CR,
    /// and U+FFFE and U+FFFF, the only scalars encoded `EF BF BE` and `EF BF BF`) becomes
    /// U+FFFD, so the document stays well-formed. The runs between the bytes to replace are
    /// copied as they are, and eight bytes at a time are passed over when none of them may
    /// need a look (`mayNeedXMLEscape`).
    public mutating func appendXMLEscaped(_ text: Span<UInt8>) {
        var run = 0
        var index = 0
        let count = text.count
        while index < count {
            if index &+ 8 <= count, !Self.mayNeedXMLEscape(text.word(at: index)) {
                index &+= 8
                continue
            }
            let byte = text[index]
            let replacement: StaticString
            var length = 1
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&apos;"
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
                continue
            case 0 ..< 0x20: replacement = "\u{FFFD}"
            case 0xEF where index + 2 < count && text[index + 1] == 0xBF
                && (text[index + 2] == 0xBE || text[index + 2] == 0xBF):
                replacement = "\u{FFFD}"
                length = 3
            default:
                index += 1
                continue
            }
            append(text.extracting(run ..< index))
            append(replacement)
            index += length
            run = index
        }
        append(text.extracting(run...))
    }

    /// Whether a byte of `word` may be one `appendXMLEscaped` looks at: `&<>"'`, a control
    /// character (tab, LF and CR too) or 0xEF. Never false for such a byte; sometimes true
    /// for none (a borrow between bytes), which only costs a look at each.
    @inline(__always)
    static func mayNeedXMLEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
        let marks = hasZero(word ^ (ones &* 0x26)) | hasZero(word ^ (ones &* 0x3C)) | hasZero(word ^ (ones &* 0x3E))
            | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x27)) | hasZero(word ^ (ones &* 0xEF))
            | ((word &- ones &* 0x20) & ~word & high)
        return marks != 0
    }
}
