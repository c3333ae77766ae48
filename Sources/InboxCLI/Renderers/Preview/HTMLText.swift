import InboxCore

/// Escaping for the preview page: every string that comes from a payload passes through
/// here before it reaches the HTML, so a hostile payload stays text.
enum HTMLText {
    /// `text` for an element's content or a quoted attribute value: `& < > " '` become
    /// entities; C0 controls other than tab and newline (not allowed in HTML), and U+2028 /
    /// U+2029 (line breaks that some tools read as code), become character references or
    /// U+FFFD, so nothing in a payload can close an element, an attribute or a `<style>`.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsWork) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\u{2028}": escaped += "&#x2028;"
            case "\u{2029}": escaped += "&#x2029;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    escaped += "\u{FFFD}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }

    /// Bytes that may need escaping: the ASCII specials and controls, and the lead byte
    /// of U+2028/U+2029 (0xE2, shared with other characters, which are then kept).
    private static func needsWork(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x7F, 0xE2: return true
        default: return byte < 0x20
        }
    }

    /// `url` when it may be placed in `src`: an `http` or `https` URL (any case) with
    /// nothing the browser would strip or reinterpret (whitespace, controls, quotes, `<`,
    /// `>`, backslash), so what loads is what the payload says. Anything else — `javascript:`,
    /// `data:`, `file:`, custom schemes, relative paths — is never placed in the page.
    static func webURL(_ url: String) -> String? {
        let bytes = url.utf8
        let lowered = url.prefix(8).lowercased()
        let prefix = lowered.hasPrefix("https://") ? 8 : lowered.hasPrefix("http://") ? 7 : 0
        guard prefix > 0, bytes.count > prefix else { return nil }
        let unsafe = bytes.contains { byte in
            byte <= 0x20 || byte == 0x7F || byte == 0x22 || byte == 0x27 || byte == 0x3C || byte == 0x3E || byte == 0x5C
                || byte == 0x60
        }
        return unsafe ? nil : url
    }
}
