/// Scanning of strings, numbers and literals. Values are validated here but not converted: strings
/// keep their byte range, numbers their text, so the common path allocates nothing.
extension JSONParser {
    /// Scans the string whose opening quote is at `start`, validating escapes and UTF-8 on the way.
    /// Returns the offset after the closing quote and the node flags.
    ///
    /// Inlined into the grammar loop: the usual string (ASCII, no escapes) is a few sixteen-byte
    /// steps to its closing quote, and eight-byte ones near the end of the input. The last
    /// bytes of the input are read as the eight bytes ending at `end`, shifted down, so no
    /// load leaves the input; the zero bytes shifted in count as special bytes after the real
    /// ones, so an unterminated string stops at `end`.
    @inline(__always)
    mutating func scanString(_ base: UnsafePointer<UInt8>, from start: Int, isKey: Bool) throws -> (end: Int, flags: UInt8) {
        var i = start &+ 1
        // Sixteen bytes per step while they fit.
        let lastVector = end &- 16
        while i <= lastVector {
            let special = ByteVector.stringBits(UnsafeRawPointer(base), at: i)
            if special != 0 {
                i &+= special.trailingZeroBitCount
                if base[i] == ASCII.quote { return (i &+ 1, 0) }
                return try scanStringRest(from: i, isKey: isKey)
            }
            i &+= 16
        }
        // The last offset a whole word can be read from.
        let lastWord = end &- 8
        var special: UInt64 = 0
        while i <= lastWord {
            special = UTF8Validation.firstSpecialBytes(Self.load(base + i))
            if special != 0 { break }
            i &+= 8
        }
        if special == 0 {
            // Fewer than eight bytes left: the word ending at `end`, shifted down to `i`.
            guard lastWord >= 0, i < end else { return try scanStringRest(from: i, isKey: isKey) }
            special = UTF8Validation.firstSpecialBytes(Self.load(base + lastWord) >> (8 &* UInt64(truncatingIfNeeded: i &- lastWord)))
        }
        i &+= special.trailingZeroBitCount &>> 3
        if i < end, base[i] == ASCII.quote { return (i &+ 1, 0) }
        return try scanStringRest(from: i, isKey: isKey)
    }

    @inline(__always)
    package static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// One eight-byte step of a string's scan past `\"` pairs (`scanStringRest`, and the
    /// fast pass's `stringRest`): a word with no special byte is passed over; so is one whose
    /// only special bytes are such pairs (`pairs`), except that a backslash in its last byte
    /// starts a pair split between words, where the next word starts; at anything else the
    /// scan `stops` at the word's first special byte, `advance` bytes on.
    @inline(__always)
    static func pairWordStep(_ word: UInt64) -> (advance: Int, pairs: Bool, stops: Bool) {
        let quotes = UTF8Validation.bytes(of: word, equalTo: ASCII.quote)
        let backslashes = UTF8Validation.bytes(of: word, equalTo: ASCII.backslash)
        let others = UTF8Validation.controlOrNonASCIIBytes(word)
        let special = quotes | backslashes | others
        if special == 0 { return (8, false, false) }
        // Marks move up one byte with `<< 8`: a backslash's mark lands on the byte after it.
        if others == 0, backslashes << 8 == quotes { return (backslashes >> 56 == 0 ? 8 : 7, true, false) }
        return (special.trailingZeroBitCount &>> 3, false, true)
    }

    /// The rest of a string from `i`, where the word steps of `scanString` stopped: at an
    /// escape, a non-ASCII or control byte, the end of the input, or (short inputs) anywhere.
    ///
    /// JSON held in a string (the `u` custom data) has a `\"` every few bytes, so the steps
    /// here (sixteen bytes, then eight near the end) also pass over words whose only special
    /// bytes are such pairs: every backslash followed by a quote inside the word, and every
    /// quote preceded by one; a backslash in the word's last byte (a pair split between
    /// words) is where the next word starts.
    /// Anything else (another escape, a pair split between words, a lone quote, a control
    /// or non-ASCII byte) is handled one byte at a time from the first special byte.
    @inline(never)
    private mutating func scanStringRest(from start: Int, isKey: Bool) throws -> (end: Int, flags: UInt8) {
        guard let base = buf.baseAddress else { throw unterminatedString(isKey: isKey) }
        var i = start
        var flags: UInt8 = 0
        let lastWord = end &- 8
        let lastVector = end &- 16
        while true {
            words: do {
                // Sixteen bytes per step while they fit: the same test on two words at once.
                while i <= lastVector {
                    let (quotes, backslashes, others) = ByteVector.stringKindBits(UnsafeRawPointer(base), at: i)
                    let special = quotes | backslashes | others
                    if special == 0 {
                        i &+= 16
                        continue
                    }
                    // As below: a backslash's bit moves onto the byte after it with `<< 1`.
                    if others == 0, backslashes &<< 1 & 0xFFFF == quotes {
                        flags = NodeFlag.hasEscapes
                        i &+= backslashes & 0x8000 == 0 ? 16 : 15
                        continue
                    }
                    i &+= special.trailingZeroBitCount
                    break words
                }
                while i <= lastWord {
                    let step = Self.pairWordStep(Self.load(base + i))
                    i &+= step.advance
                    if step.pairs { flags = NodeFlag.hasEscapes }
                    if step.stops { break words }
                }
            }
            guard i < end else { throw unterminatedString(isKey: isKey) }
            let byte = base[i]
            if byte == ASCII.quote { return (i &+ 1, flags) }
            if byte == ASCII.backslash {
                flags = NodeFlag.hasEscapes
                // The one-character escapes are checked here, \u and mistakes in `scanEscape`.
                if i &+ 1 < end, Self.isSimpleEscape(base[i &+ 1]) {
                    i &+= 2
                } else {
                    i = try scanEscape(at: i, isKey: isKey)
                }
            } else if byte < 0x20 {
                throw controlCharacterInString(at: i, isKey: isKey)
            } else if byte < 0x80 {
                i &+= 1
            } else {
                // Non-Latin text comes in runs; validate the whole run before going back to words.
                sawNonASCII = true
                repeat {
                    let length = UTF8Validation.multiByteLength(buf, at: i)
                    if length == 0 { throw invalidUTF8(at: i, pointer: stringPointer(isKey)) }
                    i &+= length
                } while i < end && base[i] >= 0x80
            }
        }
    }

    private func unterminatedString(isKey: Bool) -> ParseFailure {
        unexpected(expected: "'\"'", context: "to close the string", at: end, pointer: stringPointer(isKey))
    }

    /// `" \ / b f n r t`: the escapes that stand for one character.
    @inline(__always)
    static func isSimpleEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: return true
        default: return false
        }
    }

    /// Validates the escape whose backslash is at `i`; returns the offset after it. A `\u` high
    /// surrogate must be followed by a `\u` low surrogate, and a low one must not stand alone.
    private func scanEscape(at i: Int, isKey: Bool) throws -> Int {
        guard i + 1 < end else {
            throw unexpected(expected: "an escaped character", context: "after '\\'", at: end, pointer: stringPointer(isKey))
        }
        switch buf[i + 1] {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:  // " \ / b f n r t
            return i + 2
        case 0x75:  // u
            let first = try hex4(at: i + 2, isKey: isKey)
            if (0xDC00 ... 0xDFFF).contains(first) { throw loneSurrogate(at: i, isKey: isKey) }
            guard (0xD800 ... 0xDBFF).contains(first) else { return i + 6 }
            if i + 7 < end, buf[i + 6] == ASCII.backslash, buf[i + 7] == 0x75 {
                let second = try hex4(at: i + 8, isKey: isKey)
                if (0xDC00 ... 0xDFFF).contains(second) { return i + 12 }
            }
            throw loneSurrogate(at: i, isKey: isKey)
        default:
            throw unexpected(
                expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u", context: "after '\\' in a string",
                at: i + 1, pointer: stringPointer(isKey))
        }
    }

    private func hex4(at start: Int, isKey: Bool) throws -> UInt32 {
        var value: UInt32 = 0
        for k in 0 ..< 4 {
            guard start + k < end, let digit = JSONStringDecoder.hexValue(buf[start + k]) else {
                throw unexpected(expected: "four hex digits", context: "after '\\u'", at: start + k, pointer: stringPointer(isKey))
            }
            value = value << 4 | digit
        }
        return value
    }

    /// Scans a number per RFC 8259 and appends its node. Only numbers with an exponent or more than
    /// 300 characters can leave Double's range (1.8e308 needs 309 digits; 5e-324 needs 300+ zeros),
    /// so only those pay for a strtod check.
    mutating func scanNumber(parent: Int32, slot: Int32) throws {
        let start = pos
        var i = pos
        if buf[i] == ASCII.minus { i += 1 }
        guard i < end, ASCII.isDigit(buf[i]) else {
            throw unexpected(expected: "a digit", context: "after '-'", at: i, pointer: valuePointer())
        }
        if buf[i] == ASCII.zero {
            i += 1
            if i < end, ASCII.isDigit(buf[i]) {
                throw ParseFailure(
                    kind: .syntax(expected: "'.', 'e' or the end of the number", found: describeFound(at: i)),
                    offset: i, pointer: valuePointer(),
                    detail: "a number cannot start with a leading zero (found \(numberText(from: start)))")
            }
        } else {
            while i < end, ASCII.isDigit(buf[i]) { i += 1 }
        }
        var flags: UInt8 = 0
        if i < end, buf[i] == ASCII.dot {
            i += 1
            guard i < end, ASCII.isDigit(buf[i]) else {
                throw unexpected(expected: "a digit", context: "after the decimal point", at: i, pointer: valuePointer())
            }
            while i < end, ASCII.isDigit(buf[i]) { i += 1 }
            flags |= NodeFlag.hasFraction
        }
        if i < end, buf[i] | 0x20 == 0x65 {  // e or E
            i += 1
            if i < end, buf[i] == ASCII.plus || buf[i] == ASCII.minus { i += 1 }
            guard i < end, ASCII.isDigit(buf[i]) else {
                throw unexpected(expected: "a digit", context: "in the exponent", at: i, pointer: valuePointer())
            }
            while i < end, ASCII.isDigit(buf[i]) { i += 1 }
            flags |= NodeFlag.hasExponent
        }
        if flags & NodeFlag.hasExponent != 0 || i - start > 300 {
            let range = JSONNumberValue.rangeCheck(buf, from: start, to: i)
            if range != .inRange {
                flags |= NodeFlag.outOfRange
                recordWarning(.numberOutOfRange(node: Int32(nodes.count), tooLarge: range == .tooLarge))
            }
        }
        append(.number, start: start, end: i, parent: parent, slot: slot, flags: flags)
        pos = i
    }

    /// Scans `true`, `false` or `null`. A near miss such as `tru` or `nul` is reported with the whole
    /// word that was found, which is what the user needs to spot the typo.
    mutating func scanLiteral(parent: Int32, slot: Int32) throws {
        let kind: JSONKind
        let length: Int
        let flags: UInt8
        let matched: Bool
        switch buf[pos] {
        case 0x74:  // "true"
            (kind, length, flags) = (.bool, 4, NodeFlag.isTrue)
            matched = fourBytes(at: pos) == 0x6575_7274
        case 0x66:  // "false": 'f' then "alse"
            (kind, length, flags) = (.bool, 5, 0)
            matched = fourBytes(at: pos + 1) == 0x6573_6C61
        default:  // "null"
            (kind, length, flags) = (.null, 4, 0)
            matched = fourBytes(at: pos) == 0x6C6C_756E
        }
        if matched, pos + length == end || !isWordByte(buf[pos + length]) {
            append(kind, start: pos, end: pos + length, parent: parent, slot: slot, flags: flags)
            pos += length
            return
        }
        let literal: [UInt8] = kind == .null ? Array("null".utf8) : flags != 0 ? Array("true".utf8) : Array("false".utf8)
        let word = Array(UnsafeBufferPointer(rebasing: buf[pos ..< wordEnd(from: pos)]))
        guard word.starts(with: literal) || literal.starts(with: word) else { throw expectedValue(at: pos) }
        let expected = "'" + String(decoding: literal, as: UTF8.self) + "'"
        let found = describeFound(at: pos)
        throw ParseFailure(
            kind: .syntax(expected: expected, found: found), offset: pos, pointer: valuePointer(),
            detail: "expected \(expected) but found \(found)")
    }

    /// The four bytes at `offset` as a little-endian integer, or 0 when they run past the end.
    @inline(__always)
    private func fourBytes(at offset: Int) -> UInt32 {
        guard offset + 4 <= end, let base = buf.baseAddress else { return 0 }
        return UInt32(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self))
    }

    /// Text of the number-like run starting at `start`, for messages (capped so a huge run stays short).
    func numberText(from start: Int) -> String {
        var i = start
        while i < end, i - start < 40, ASCII.isDigit(buf[i]) || buf[i] == ASCII.minus || buf[i] == ASCII.plus
            || buf[i] == ASCII.dot || buf[i] | 0x20 == 0x65 {
            i += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: buf[start ..< i]), as: UTF8.self)
    }
}
