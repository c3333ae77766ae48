import InboxCore

extension JSONValue {
    /// Bytes of `JSONText.quote` of this string's decoded text (nil for non-strings),
    /// without building the String: the title, the body and a `data` string are measured
    /// for every message. Text without escapes has no quote, backslash or control
    /// character (the parser rejects them raw), so it is its own quoted form.
    func quotedStringByteCount() -> Int? {
        let node = self.node
        guard node.kind == .string else { return nil }
        guard node.flags & NodeFlag.hasEscapes != 0 else { return Int(node.end - node.start) }
        return withInputSpan { bytes in
            Self.quotedByteCount(escaped: bytes, from: Int(node.start) + 1, to: Int(node.end) - 1)
        }
    }

    /// `quotedStringByteCount` of a string with escapes, from its raw text. A two-byte
    /// escape other than `\/` and `\u` (`\"`, `\\`, `\n`, …) decodes to a byte that
    /// quoting escapes again in two bytes, so the raw length already counts it; only `\/`
    /// (one byte once requoted) and `\u` escapes are looked at, so a `data` string (mostly
    /// escaped quotes) is not decoded first.
    private static func quotedByteCount(escaped source: Span<UInt8>, from: Int, to: Int) -> Int {
        guard from < to else { return 2 }
        var count = 2 + to - from
        var index = from
        while index < to {
            // The next backslash: eight bytes at a time while there are eight to read.
            if index + 8 <= to {
                let word = KeyBytes.word(source, at: index)
                let marks = UTF8Validation.bytes(of: word, equalTo: ASCII.backslash)
                guard marks != 0 else {
                    index += 8
                    continue
                }
                // A word whose escapes all end inside it (no backslash in its last byte) and
                // whose bytes after a backslash are neither `/` nor `u` counts as it is: the
                // `\"` pairs of a `data` string are passed over eight bytes at a time. (A
                // byte after an escaped backslash may be taken for an escape's: the word is
                // then looked at escape by escape, which is always right.)
                let afterBackslash = marks << 8
                if marks >> 56 == 0,
                   (UTF8Validation.bytes(of: word, equalTo: ASCII.slash)
                       | UTF8Validation.bytes(of: word, equalTo: UInt8(ascii: "u"))) & afterBackslash == 0 {
                    index += 8
                    continue
                }
                index += marks.trailingZeroBitCount >> 3
            } else if source[index] != ASCII.backslash {
                index += 1
                continue
            }
            // `index` is at a backslash, which validated input always follows with a byte.
            guard index + 1 < to else { break }
            switch source[index + 1] {
            case ASCII.slash:
                count -= 1
                index += 2
            case UInt8(ascii: "u"):
                let escape = JSONStringDecoder.decodeEscape(source, at: index, limit: to)
                count -= escape.sourceLength
                for byteIndex in 0 ..< escape.decodedLength {
                    count += APNsSizeEstimate.quotedWidth(UInt8(truncatingIfNeeded: escape.bytes >> (8 * UInt32(byteIndex))))
                }
                index += escape.sourceLength
            default:
                index += 2
            }
        }
        return count
    }

    /// Bytes of `compactJSON` (`compactJSONByteCount()`), counted from the tape node by
    /// node without writing the text: strings (keys included) take their quoted size,
    /// other scalars their source text, containers their brackets, commas and colons.
    func compactByteCount() -> Int {
        compactSize { i, _ in sibling(i).quotedStringByteCount() ?? 2 }
    }

    /// Bytes of `JSONText.quote(compactJSON)`: the size this value takes when it is sent
    /// as a JSON string holding its compact JSON (a notification's `data` becomes the
    /// push's `u` this way). Counted from the tape, node by node, without writing the text:
    /// the size estimate runs on every message, and custom data can be kilobytes.
    func compactQuotedByteCount() -> Int {
        withInputSpan { bytes in
            2 + compactSize { _, node in // 2: the quotes around the whole string
                if node.flags & NodeFlag.hasEscapes == 0 {
                    // Raw text is already minimal: only its two quotes gain a backslash.
                    return Int(node.end - node.start) + 2
                }
                var compact: [UInt8] = []
                JSONText.appendQuoted(Tape.stringBytes(node, bytes), to: &compact, escapingSlashes: false)
                return APNsSizeEstimate.quotedByteCount(sequence: compact) - 2
            }
        }
    }

    /// The walk both counts share: the value's nodes in order, containers counted by their
    /// brackets, commas and colons, numbers and literals by their source text, and each
    /// string node (keys included) by `stringSize(index, node)`.
    @inline(__always)
    private func compactSize(_ stringSize: (Int, TapeNode) -> Int) -> Int {
        let nodes = self.nodes
        let stop = Int(nodes[index].link)
        var total = 0
        var i = index
        while i < stop {
            let node = nodes[i]
            let count = Int(node.count)
            switch node.kind {
            case .object: total += 2 + max(count - 1, 0) + count // braces, commas, colons
            case .array: total += 2 + max(count - 1, 0)
            case .number, .bool, .null: total += Int(node.end - node.start)
            case .string: total += stringSize(i, node)
            }
            i += 1
        }
        return total
    }
}
