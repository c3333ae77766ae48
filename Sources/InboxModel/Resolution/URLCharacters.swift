/// Characters a URL may not hold unencoded (RFC 3986 §2): the SDK passes the string to
/// `URL(string:)`, which returns nil for them, so the image, video or link silently fails.
public enum URLCharacters {
    /// What is wrong with `url`, in words, first problem of each kind; empty when clean.
    public static func problems(in url: String) -> [String] {
        // Almost every URL is clean: one pass over its UTF-8 proves it without copying
        // the bytes or building anything (every URL of every message is checked).
        var url = url
        if url.withUTF8({ $0.allSatisfy { plain[Int($0)] } }) { return [] }
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

    /// Bytes that need no further look: printable ASCII other than the characters above
    /// and `%` (whose escape is checked).
    private static let plain: [Bool] = (0 ..< 256).map { byte in
        byte > 0x20 && byte < 0x7F && !"\"<>\\^`{|}%".utf8.contains(UInt8(byte))
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "a") ... UInt8(ascii: "f"),
             UInt8(ascii: "A") ... UInt8(ascii: "F"): return true
        default: return false
        }
    }
}
