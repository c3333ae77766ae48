/// How standard input is told to be NDJSON: by its first line with content, read as it
/// arrives (each byte looked at once, so a first line of any length costs one pass).
///
/// That line is a whole JSON object or array when it opens with `{` or `[` (after a
/// byte-order mark and blank lines) and its brackets close within it (strings and
/// escapes skipped), or it ends with the bracket that closes its first. A broken one-line
/// document still counts, so each broken line of NDJSON is its own finding.
struct FirstLine {
    private var opener: UInt8?
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// The last byte of the line so far that is not a space, tab or CR.
    private var last: UInt8 = 0

    /// Looks at the next bytes of the input: the decision once it is known, nil while the
    /// line goes on.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> Bool? {
        for byte in bytes {
            guard let opener else {
                if [0x20, 0x09, 0x0D, 0x0A, 0xEF, 0xBB, 0xBF].contains(byte) { continue } // blank lines, a BOM
                guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else { return false }
                self.opener = byte
                depth = 1
                last = byte
                continue
            }
            if byte == 0x0A { return endsWithCloser(opener) }
            if byte != 0x20 && byte != 0x09 && byte != 0x0D { last = byte }
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
        return nil
    }

    /// The decision when the input ends before the line does.
    func atEnd() -> Bool {
        opener.map(endsWithCloser) ?? false
    }

    private func endsWithCloser(_ opener: UInt8) -> Bool {
        last == (opener == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// The decision for `head`, the start of the input (`ended`: all of it); nil when more is needed.
    static func isWholeDocument(_ head: [UInt8], ended: Bool) -> Bool? {
        var line = FirstLine()
        if let decision = line.feed(head) { return decision }
        return ended ? line.atEnd() : nil
    }
}
