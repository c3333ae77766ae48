/// `TerminalText`'s measures for text of printable ASCII only (and line feeds, where a
/// measure allows them), worked on bytes: there every byte is a `Character` of one column
/// (a line feed: none), so no Unicode property is looked up and no `Character` is made.
/// Findings' messages, pointers and most titles are such text, and going through
/// `Character`s was nearly all the time of `validate --format text`. Each returns nil for
/// text it does not cover (`width`: anything outside ASCII; the others also a control
/// character, such as the `"\r\n"` that is one `Character`), which `TerminalText` then
/// measures the general way, so the results are the same either way.
package enum ASCIIText {
    /// Whether every byte is printable ASCII (0x20 to 0x7E), or a line feed when allowed.
    package static func isPrintable(_ text: String, allowingNewlines: Bool) -> Bool {
        text.withUTF8Bytes { isPrintable($0, allowingNewlines: allowingNewlines) }
    }

    package static func isPrintable(_ bytes: UnsafeBufferPointer<UInt8>, allowingNewlines: Bool) -> Bool {
        for byte in bytes where byte < 0x20 || byte > 0x7E {
            if byte != UInt8(ascii: "\n") || !allowingNewlines { return false }
        }
        return true
    }

    /// `TerminalText.width` of text of ASCII bytes and the symbols the card previews of
    /// `resolve` are drawn with: the bytes from 0x20 to 0x7E take a column each, the
    /// controls none (`"\r\n"` too, one `Character` of no columns), and so does each of
    /// dashes, quotes, bullets and the ellipsis (U+2010 to U+2027), arrows (U+2190 to
    /// U+21FF), box drawing, block elements and geometric shapes (U+2500 to U+25FC; the
    /// next two are drawn as wide emoji): each is a `Character` of its own, one column
    /// wide, unless a combining mark or a variation selector follows, and those are bytes
    /// this does not cover.
    package static func width(_ text: String) -> Int? {
        text.withUTF8Bytes { bytes in
            var columns = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte < 0x80 {
                    if byte >= 0x20 && byte != 0x7F { columns &+= 1 }
                    index &+= 1
                } else if byte == 0xE2, index &+ 2 < count, isPreviewSymbol(bytes[index &+ 1], bytes[index &+ 2]) {
                    columns &+= 1
                    index &+= 3
                } else {
                    return nil
                }
            }
            return columns
        }
    }

    /// Whether `E2 second third` encodes one of the symbols `width` covers.
    @inline(__always)
    private static func isPreviewSymbol(_ second: UInt8, _ third: UInt8) -> Bool {
        switch second {
        case 0x80: return third >= 0x90 && third <= 0xA7 // U+2010 to U+2027
        case 0x86: return third >= 0x90 && third <= 0xBF // U+2190 to U+21BF
        case 0x87, 0x94, 0x95, 0x96: return third >= 0x80 && third <= 0xBF
        case 0x97: return third >= 0x80 && third <= 0xBC // to U+25FC
        default: return false
        }
    }

    /// `TerminalText.prefix` of printable ASCII: its first `width` bytes (one at least).
    package static func prefix(_ text: String, width: Int) -> String? {
        text.withUTF8Bytes { bytes in
            guard isPrintable(bytes, allowingNewlines: false) else { return nil }
            let kept = min(bytes.count, max(1, width))
            return kept == bytes.count ? text : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<kept]), as: UTF8.self)
        }
    }

    /// `TerminalText.wrap` of printable ASCII and line feeds, for a `width` of one column
    /// or more, the same lines made from the bytes (`lines(of:width:)`).
    package static func wrap(_ text: String, width: Int) -> [String]? {
        text.withUTF8Bytes { bytes -> [String]? in
            guard width > 0, isPrintable(bytes, allowingNewlines: true) else { return nil }
            var lines: [String] = []
            var line: [UInt8] = []
            Self.lines(of: bytes, width: width) { piece in
                switch piece {
                case .word(let word): line.append(contentsOf: word)
                case .space: line.append(UInt8(ascii: " "))
                case .end:
                    lines.append(String(decoding: line, as: UTF8.self))
                    line.removeAll(keepingCapacity: true)
                }
            }
            return lines
        }
    }

    /// Whether `bytes` are printable ASCII words separated by single spaces: not empty,
    /// no line feed, no space at either end or next to another. Most findings' messages
    /// are, and `singleSpacedLines` wraps them a line at a time.
    package static func isSingleSpaced(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte <= 0x20 {
                if byte != 0x20 || previous == 0x20 { return false }
            } else if byte > 0x7E {
                return false
            }
            previous = byte
        }
        return true
    }

    /// `lines(of:width:)` of single-spaced text (`isSingleSpaced`), a line at a time: each
    /// line is as many words as fit, found by looking back from the room's end for a
    /// space, so a line is one copy rather than a piece per word; a word wider than the
    /// room starts a line and is cut there, as `lines` cuts it.
    package static func singleSpacedLines(of bytes: UnsafeBufferPointer<UInt8>, width: Int,
                                  _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        precondition(width > 0, "ASCIIText.singleSpacedLines: no room")
        let count = bytes.count
        var start = 0
        while count - start > width {
            // The line's last word ends before a space at `start + width` at the latest.
            var space = start + width
            while space > start && bytes[space] != 0x20 { space -= 1 }
            if space == start {
                // The first word is wider than the room: its first `width` bytes are a line.
                body(UnsafeBufferPointer(rebasing: bytes[start ..< start + width]))
                start += width
            } else {
                body(UnsafeBufferPointer(rebasing: bytes[start ..< space]))
                start = space + 1
            }
        }
        body(UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// What a wrapped line is made of, in order: words (or the pieces a word too wide was
    /// cut into), the one space between two words, and the end of each line.
    package enum Piece {
        case word(UnsafeBufferPointer<UInt8>)
        case space
        case end
    }

    /// `TerminalText.wrap`'s lines of `bytes`, printable ASCII and line feeds only, for a
    /// `width` of one column or more, handed to `body` a piece at a time (so a caller
    /// writes them where they go, without a `String` per line): paragraphs end at a line
    /// feed, words are separated by one space or more, a word is as wide as it is long,
    /// and one wider than `width` is cut every `width` bytes.
    package static func lines(of bytes: UnsafeBufferPointer<UInt8>, width: Int, _ body: (Piece) -> Void) {
        precondition(width > 0, "ASCIIText.lines: no room")
        let count = bytes.count
        var start = 0
        while true {
            var end = start
            while end < count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            // Columns taken by the line so far; `nil` before its first word.
            var lineWidth: Int?
            var index = start
            while index < end {
                if bytes[index] == UInt8(ascii: " ") {
                    index += 1
                    continue
                }
                var wordStart = index
                while index < end && bytes[index] != UInt8(ascii: " ") { index += 1 }
                while index - wordStart > width {
                    if lineWidth != nil { body(.end) }
                    body(.word(UnsafeBufferPointer(rebasing: bytes[wordStart ..< wordStart + width])))
                    body(.end)
                    lineWidth = nil
                    wordStart += width
                }
                let wordWidth = index - wordStart
                let word = UnsafeBufferPointer(rebasing: bytes[wordStart ..< index])
                if let used = lineWidth {
                    if used + 1 + wordWidth <= width {
                        body(.space)
                        body(.word(word))
                        lineWidth = used + 1 + wordWidth
                    } else {
                        body(.end)
                        body(.word(word))
                        lineWidth = wordWidth
                    }
                } else {
                    body(.word(word))
                    lineWidth = wordWidth
                }
            }
            body(.end)
            guard end < count else { break }
            start = end + 1
        }
    }
}
