/// What a person did to make a document invalid JSON, when the failure looks like one of
/// the usual mistakes: told from the bytes where the parse stopped (and the container it
/// was in), with the positions a fix needs. The rule (IK001) words it; the parser only
/// says what it found.
public enum JSONMistake: Equatable, Sendable {
    /// `“`, `”`, `‘` or `’` (the character as written) where JSON needs `"`.
    case curlyQuote(String)
    /// `//` or `/*`: JSON has no comments.
    case comment
    /// `'` where JSON needs `"`.
    case singleQuote
    /// Two values with no comma between them; `after` is the end of the first value.
    case missingComma(after: SourcePosition)
    /// An object or array never closed (the input ends, or another closer comes first);
    /// `opened` is its `{` or `[`.
    case unclosed(isObject: Bool, opened: SourcePosition)
    /// An object key without quotes (the word as written).
    case unquotedKey(String)
    /// `NaN`, `Infinity` or `-Infinity`, which JSON has no way to write.
    case nonFiniteNumber(String)
    /// A comma after the last element or member; `comma` is where it is.
    case trailingComma(comma: SourcePosition)
}

/// The line a failure is on, for showing it with a caret under the spot (as rustc does):
/// at most `limit` bytes either side of the spot, so a minified file of one long line
/// shows only the part around it.
public struct SourceExcerpt: Equatable, Sendable {
    /// The text of the line (or of the part shown), as written.
    public var text: String
    /// Bytes of `text` before the spot.
    public var caretOffset: Int
    /// Whether the line goes on before / after what is shown.
    public var cutBefore: Bool
    public var cutAfter: Bool

    public static let limit = 60

    /// The excerpt around byte `offset` of `bytes` (a file, or the part of it around the spot).
    public static func around(_ offset: Int, in bytes: [UInt8]) -> SourceExcerpt {
        bytes.withUnsafeBufferPointer { around(offset, in: $0) }
    }

    /// The excerpt around byte `offset` of `bytes`.
    static func around(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceExcerpt {
        let spot = min(max(0, offset), bytes.count)
        var start = spot
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D, spot - start < limit { start -= 1 }
        var stop = spot
        while stop < bytes.count, bytes[stop] != 0x0A, bytes[stop] != 0x0D, stop - spot < limit { stop += 1 }
        // Whole UTF-8 characters only: a cut never starts or ends inside one.
        while start < spot, bytes[start] & 0xC0 == 0x80 { start += 1 }
        while stop > spot, stop < bytes.count, bytes[stop] & 0xC0 == 0x80 { stop -= 1 }
        let cutBefore = start > 0 && bytes[start - 1] != 0x0A && bytes[start - 1] != 0x0D
        let cutAfter = stop < bytes.count && bytes[stop] != 0x0A && bytes[stop] != 0x0D
        // A credential's value is never shown, not even in a broken file's line.
        let shown = Redaction.maskingCredentialValues(Array(UnsafeBufferPointer(rebasing: bytes[start ..< stop])))
        return SourceExcerpt(text: String(decoding: shown, as: UTF8.self),
                             caretOffset: spot - start, cutBefore: cutBefore, cutAfter: cutAfter)
    }
}

/// `JSONMistake` with byte offsets, as the parser finds it; positions are resolved once
/// the parse has stopped (see `JSONDocument.failed`).
enum RawMistake {
    case curlyQuote(String)
    case comment
    case singleQuote
    case missingComma(after: Int)
    case unclosed(isObject: Bool, opened: Int)
    case unquotedKey(String)
    case nonFiniteNumber(String)
    case trailingComma(comma: Int)

    func resolved(_ position: (Int) -> SourcePosition) -> JSONMistake {
        switch self {
        case .curlyQuote(let text): return .curlyQuote(text)
        case .comment: return .comment
        case .singleQuote: return .singleQuote
        case .missingComma(let after): return .missingComma(after: position(after))
        case .unclosed(let isObject, let opened): return .unclosed(isObject: isObject, opened: position(opened))
        case .unquotedKey(let word): return .unquotedKey(word)
        case .nonFiniteNumber(let word): return .nonFiniteNumber(word)
        case .trailingComma(let comma): return .trailingComma(comma: position(comma))
        }
    }
}

/// Where in the grammar a failure happened, for telling the mistake apart.
enum FailureSite {
    case value, key, afterMember, other
}

extension JSONParser {
    /// The usual mistake the bytes at `offset` show, if any (only failures ask).
    func mistake(at offset: Int, site: FailureSite) -> RawMistake? {
        guard offset < end else {
            guard depth > 0 else { return nil }
            return .unclosed(isObject: top.isObject, opened: Int(nodes[Int(top.node)].start))
        }
        let byte = buf[offset]
        if byte == 0xE2, offset + 2 < end, buf[offset + 1] == 0x80,
           [0x98, 0x99, 0x9C, 0x9D].contains(buf[offset + 2]) {
            return .curlyQuote(String(decoding: UnsafeBufferPointer(rebasing: buf[offset ..< offset + 3]), as: UTF8.self))
        }
        if byte == ASCII.slash, offset + 1 < end, buf[offset + 1] == ASCII.slash || buf[offset + 1] == 0x2A { return .comment }
        if byte == 0x27 { return .singleQuote }
        let word = String(decoding: UnsafeBufferPointer(rebasing: buf[offset ..< min(wordEnd(from: offset), offset + 24)]),
                          as: UTF8.self)
        if word == "NaN" || word == "Infinity" {
            let minus = offset > 0 && buf[offset - 1] == ASCII.minus
            return .nonFiniteNumber(minus ? "-" + word : word)
        }
        if byte == ASCII.closeBrace || byte == ASCII.closeBracket {
            if let comma = previousSignificant(before: offset), buf[comma] == ASCII.comma {
                return .trailingComma(comma: comma)
            }
            // Another container's closer before this one's.
            if depth > 0, (byte == ASCII.closeBrace) != top.isObject {
                return .unclosed(isObject: top.isObject, opened: Int(nodes[Int(top.node)].start))
            }
        }
        switch site {
        case .afterMember:
            let startsValue = byte == ASCII.quote || byte == ASCII.openBrace || byte == ASCII.openBracket
                || byte == ASCII.minus || (0x30 ... 0x39).contains(byte) || isWordByte(byte)
            if startsValue, let last = previousSignificant(before: offset) { return .missingComma(after: last + 1) }
        case .key:
            if isWordByte(byte) { return .unquotedKey(word) }
        case .value, .other:
            break
        }
        return nil
    }

    /// The last byte before `offset` that is not whitespace.
    private func previousSignificant(before offset: Int) -> Int? {
        var index = offset - 1
        while index >= 0 {
            switch buf[index] {
            case ASCII.space, ASCII.tab, ASCII.lineFeed, ASCII.carriageReturn: index -= 1
            default: return index
            }
        }
        return nil
    }
}
