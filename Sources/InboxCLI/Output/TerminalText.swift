import InboxCore

/// Text measured in terminal columns, for every text renderer: CJK and emoji take two
/// columns, non-spacing marks none and spacing marks one (a Devanagari, Bengali or Thai
/// vowel sign that stands beside its letter takes a column of its own, as terminals draw
/// it), so box edges line up whatever the payload's language.
/// Control characters from the payload (a stray ESC could repaint the terminal) are
/// made visible before anything is drawn.
enum TerminalText {
    /// Columns one character takes.
    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let value = scalar.value
        if value < 0x20 || (0x7F ..< 0xA0).contains(value) { return 0 }
        // An emoji sequence (skin tones, joined families, keycaps) is drawn as one glyph.
        if scalar.properties.isEmojiPresentation { return 2 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        // Otherwise a cluster is as wide as its scalars: a conjunct (क्ष) or a letter with
        // a spacing vowel sign (कि) takes more than one column.
        return character.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// Columns one scalar takes inside a cluster: marks that do not space, format
    /// characters (joiners) and Hangul vowel and final jamo take none.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F ..< 0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160 ... 0x11FF).contains(value) || (0xD7B0 ... 0xD7FF).contains(value) { return 0 }
        for range in wideRanges where range.contains(value) { return 2 }
        return 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100 ... 0x115F, 0x2E80 ... 0x303E, 0x3041 ... 0x33FF, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF,
        0xA000 ... 0xA4CF, 0xAC00 ... 0xD7A3, 0xF900 ... 0xFAFF, 0xFE30 ... 0xFE4F, 0xFF00 ... 0xFF60,
        0xFFE0 ... 0xFFE6, 0x20000 ... 0x3FFFD,
    ]

    static func width(_ text: String) -> Int {
        if let columns = ASCIIText.width(text) { return columns }
        return widthByCharacter(text)
    }

    /// `width` the general way, a `Character` at a time.
    static func widthByCharacter(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// Payload text made safe to print (`VisibleText`): control and invisible characters
    /// are shown as escapes, except line breaks, which separate paragraphs.
    static func clean(_ text: String) -> String {
        if ASCIIText.isPrintable(text, allowingNewlines: true) { return text }
        return cleanByCharacter(text)
    }

    /// `clean` the general way.
    static func cleanByCharacter(_ text: String) -> String {
        VisibleText.escaped(text, keepingNewlines: true)
    }

    /// Word-wraps `text` to `width` columns (a word wider than that is cut), paragraph by
    /// paragraph.
    static func wrap(_ text: String, width: Int) -> [String] {
        if width > 0, let lines = ASCIIText.wrap(text, width: width) { return lines }
        return wrapByCharacter(text, width: width)
    }

    /// `wrap` the general way, a `Character` at a time.
    static func wrapByCharacter(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in clean(text).split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                var wordWidth = self.width(word)
                while wordWidth > width {
                    if !line.isEmpty { lines.append(line); line = ""; lineWidth = 0 }
                    let head = prefix(word, width: width)
                    lines.append(head)
                    word = String(word.dropFirst(head.count))
                    wordWidth = self.width(word)
                }
                if line.isEmpty {
                    line = word
                    lineWidth = wordWidth
                } else if lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                } else {
                    lines.append(line)
                    line = word
                    lineWidth = wordWidth
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// The longest prefix of `text` that fits `width` columns (at least one character).
    static func prefix(_ text: String, width: Int) -> String {
        if let result = ASCIIText.prefix(text, width: width) { return result }
        return prefixByCharacter(text, width: width)
    }

    /// `prefix` the general way, a `Character` at a time.
    static func prefixByCharacter(_ text: String, width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let w = self.width(of: character)
            if used + w > width, !result.isEmpty { break }
            result.append(character)
            used += w
        }
        return result
    }

    /// `text` cut to `width` columns, ending with `ellipsis` when it was cut.
    static func fit(_ text: String, width: Int, ellipsis: String) -> String {
        let text = clean(text).replacingNewlines()
        guard self.width(text) > width else { return text }
        return prefix(text, width: max(0, width - self.width(ellipsis))) + ellipsis
    }

    /// `text` followed by spaces up to `width` columns.
    static func pad(_ text: String, to width: Int) -> String {
        let missing = width - self.width(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// `text` centred in `width` columns.
    static func center(_ text: String, in width: Int) -> String {
        let free = max(0, width - self.width(text))
        return pad(String(repeating: " ", count: free / 2) + text, to: width)
    }

    /// At most `maxLines` lines of `text` wrapped to `width`; the last one ends with
    /// `ellipsis` when text was left out.
    static func paragraph(_ text: String, width: Int, maxLines: Int, ellipsis: String) -> [String] {
        let lines = wrap(text, width: width).filter { !$0.isEmpty }
        guard lines.count > maxLines, maxLines > 0 else { return lines }
        var kept = Array(lines.prefix(maxLines))
        let last = kept[maxLines - 1]
        let room = width - self.width(ellipsis)
        kept[maxLines - 1] = (self.width(last) <= room ? last : prefix(last, width: room)) + ellipsis
        return kept
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        String(map { $0 == "\n" ? " " : $0 })
    }
}
