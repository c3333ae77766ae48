import InboxModel

/// `TerminalText`'s measures for text of printable ASCII only (and line feeds, where a
/// measure allows them), worked on bytes: there every byte is a `Character` of one column
/// (a line feed: none), so no Unicode property is looked up and no `Character` is made.
/// Findings' messages, pointers and most titles are such text, and going through
/// `Character`s was nearly all the time of `validate --format text`. Each returns nil for
/// any other text (a control character, `"\r\n"`, which is one `Character`, or anything
/// outside ASCII), which `TerminalText` then measures the general way, so the results
/// are the same either way.
enum ASCIIText {
    /// Whether every byte is printable ASCII (0x20 to 0x7E), or a line feed when allowed.
    static func isPrintable(_ text: String, allowingNewlines: Bool) -> Bool {
        text.withUTF8Bytes { isPrintable($0, allowingNewlines: allowingNewlines) }
    }

    static func isPrintable(_ bytes: UnsafeBufferPointer<UInt8>, allowingNewlines: Bool) -> Bool {
        for byte in bytes where byte < 0x20 || byte > 0x7E {
            if byte != UInt8(ascii: "\n") || !allowingNewlines { return false }
        }
        return true
    }

    /// `TerminalText.width` of text of ASCII bytes only: the bytes from 0x20 to 0x7E take a
    /// column each, the controls none (`"\r\n"` too, one `Character` of no columns).
    static func width(_ text: String) -> Int? {
        text.withUTF8Bytes { bytes in
            var columns = 0
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte >= 0x20 && byte != 0x7F { columns &+= 1 }
            }
            return columns
        }
    }

    /// `TerminalText.prefix` of printable ASCII: its first `width` bytes (one at least).
    static func prefix(_ text: String, width: Int) -> String? {
        text.withUTF8Bytes { bytes in
            guard isPrintable(bytes, allowingNewlines: false) else { return nil }
            let kept = min(bytes.count, max(1, width))
            return kept == bytes.count ? text : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<kept]), as: UTF8.self)
        }
    }

    /// `TerminalText.wrap` of printable ASCII and line feeds, for a `width` of one column
    /// or more, the same lines made from the bytes: paragraphs end at a line feed, words
    /// are separated by one space or more, a word is as wide as it is long, and one wider
    /// than `width` is cut every `width` bytes.
    static func wrap(_ text: String, width: Int) -> [String]? {
        text.withUTF8Bytes { bytes -> [String]? in
            guard width > 0, isPrintable(bytes, allowingNewlines: true) else { return nil }
            var lines: [String] = []
            var line: [UInt8] = []
            line.reserveCapacity(min(bytes.count, width + 1))
            func emit() {
                lines.append(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
            }
            let count = bytes.count
            var start = 0
            while true {
                var end = start
                while end < count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                var index = start
                while index < end {
                    if bytes[index] == UInt8(ascii: " ") {
                        index += 1
                        continue
                    }
                    var wordStart = index
                    while index < end && bytes[index] != UInt8(ascii: " ") { index += 1 }
                    while index - wordStart > width {
                        if !line.isEmpty { emit() }
                        lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[wordStart ..< wordStart + width]),
                                            as: UTF8.self))
                        wordStart += width
                    }
                    let word = UnsafeBufferPointer(rebasing: bytes[wordStart ..< index])
                    if line.isEmpty {
                        line.append(contentsOf: word)
                    } else if line.count + 1 + word.count <= width {
                        line.append(UInt8(ascii: " "))
                        line.append(contentsOf: word)
                    } else {
                        emit()
                        line.append(contentsOf: word)
                    }
                }
                emit()
                guard end < count else { break }
                start = end + 1
            }
            return lines
        }
    }
}
