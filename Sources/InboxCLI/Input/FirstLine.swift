/// How standard input is told to be NDJSON: by its first line with content.
enum FirstLine {
    /// Whether the first line of `head` with content (after a byte-order mark and blank
    /// lines) is a whole JSON object or array: it opens with `{` or `[`, and its brackets
    /// close within the line (strings and escapes skipped) or it ends with the bracket
    /// that closes its first. A broken one-line document still counts, so each broken
    /// line of NDJSON is its own finding. nil: that line has not ended yet (and `ended` is
    /// false), so more must be read.
    static func isWholeDocument(_ head: [UInt8], ended: Bool) -> Bool? {
        var index = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < head.count, [0x20, 0x09, 0x0D, 0x0A].contains(head[index]) { index += 1 }
        guard index < head.count else { return ended ? false : nil }
        let opener = head[index]
        guard opener == UInt8(ascii: "{") || opener == UInt8(ascii: "[") else { return false }
        guard let newline = head[index...].firstIndex(of: 0x0A) else { return ended ? wholeLine(head[index...]) : nil }
        return wholeLine(head[index ..< newline])
    }

    private static func wholeLine(_ line: ArraySlice<UInt8>) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in line {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return true }
            default: break
            }
        }
        let closer: UInt8 = line.first == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        return line.reversed().first { ![0x20, 0x09, 0x0D].contains($0) } == closer
    }
}
