import InboxModel
import InboxCore

/// Text that did not come from the tool itself (payload strings, keys and pointers, file
/// names, Info.plist values) made safe to show: every character that could act on a
/// terminal or a log instead of being read is written as a visible `\u001b`-style escape.
/// The one place that decides what is shown that way; every text renderer and stderr use it.
///
/// Always escaped: C0 controls (ESC, BEL, CR, BS, NUL, TAB, LF...), DEL and the C1
/// controls (U+0080 to U+009F, U+009B is a CSI on some terminals). For a reader of the
/// text (`invisibles: true`) also the bidirectional overrides, embeddings, isolates and
/// marks, and the zero-width characters: they make a line read differently from what it
/// holds.
enum VisibleText {
    /// `text` with every such character escaped; `keepingNewlines` leaves line feeds for a
    /// caller that lays paragraphs out itself (inside a card preview's frame).
    static func escaped(_ text: String, keepingNewlines: Bool = false, invisibles: Bool = true) -> String {
        if ASCIIText.isPrintable(text, allowingNewlines: keepingNewlines) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" && keepingNewlines {
                result.append(scalar)
            } else if isControl(scalar) || (invisibles && isInvisible(scalar)) {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `text` needs `escaped` at all.
    static func needsEscaping(_ text: String, invisibles: Bool = true) -> Bool {
        if ASCIIText.isPrintable(text, allowingNewlines: false) { return false }
        return text.unicodeScalars.contains { isControl($0) || (invisibles && isInvisible($0)) }
    }

    /// C0, DEL and C1.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value)
    }

    /// Bidirectional formatting and zero-width characters.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x180E, 0x200B ... 0x200F, 0x202A ... 0x202E, 0x2060 ... 0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// `\u001b`: four lowercase hex digits, as JSON writes a control character.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
