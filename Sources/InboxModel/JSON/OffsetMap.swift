/// Maps byte offsets of a nested document (the decoded contents of a JSON string) back to offsets in
/// the document that holds the string, so an error inside `"u": "{\"a\": }"` points at the real
/// column in the user's file. A byte produced by an escape (`\"`, `\n`, `\u00e9` ...) maps to the escape's
/// backslash; plain bytes map one to one.
///
/// Positions are rarely asked for, so nothing is recorded while decoding: a lookup re-walks the escapes
/// of the source string. Strings longer than `tableThreshold` get a table of escape locations up front
/// instead, so many lookups in a huge string stay cheap.
struct OffsetMap: Sendable {
    static let tableThreshold = 64 * 1024

    /// Where an escape sits: decoded offset of its first byte and source offset of its backslash.
    struct Escape: Sendable {
        var decodedStart: Int
        var sourceStart: Int
        var decodedLength: Int
        var sourceLength: Int
    }

    /// The enclosing document's bytes (shared storage, not a copy).
    let source: [UInt8]
    /// Offset (in the enclosing document) of the first content byte, just after the opening quote.
    let contentStart: Int
    /// Offset of the closing quote; the end of the nested input maps here.
    let closingQuote: Int
    let hasEscapes: Bool
    /// Escape locations, built only for long strings with escapes.
    let escapes: [Escape]?

    init(source: [UInt8], contentStart: Int, closingQuote: Int, hasEscapes: Bool) {
        self.source = source
        self.contentStart = contentStart
        self.closingQuote = closingQuote
        self.hasEscapes = hasEscapes
        if hasEscapes, closingQuote - contentStart > Self.tableThreshold {
            var table: [Escape] = []
            source.withUnsafeBufferPointer { buf in
                Self.walk(buf, from: contentStart, to: closingQuote) { escape in
                    table.append(escape)
                    return false
                }
            }
            escapes = table
        } else {
            escapes = nil
        }
    }

    func sourceOffset(forDecoded offset: Int) -> Int {
        if offset <= 0 { return contentStart }
        guard hasEscapes else { return min(contentStart + offset, closingQuote) }
        guard let escapes else {
            return source.withUnsafeBufferPointer { buf in
                Self.sourceOffset(forDecoded: offset, in: buf, from: contentStart, to: closingQuote)
            }
        }
        // The escape at or before `offset` decides the mapping.
        var low = 0
        var high = escapes.count
        while low < high {
            let mid = (low + high) / 2
            if escapes[mid].decodedStart <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return min(contentStart + offset, closingQuote) }
        let escape = escapes[low - 1]
        if offset < escape.decodedStart + escape.decodedLength { return escape.sourceStart }
        let sourceAfter = escape.sourceStart + escape.sourceLength
        return min(sourceAfter + (offset - escape.decodedStart - escape.decodedLength), closingQuote)
    }

    /// The walk of `sourceOffset` for strings without a table: run by run and escape by
    /// escape until the run or escape holding `offset`, with nothing recorded on the way
    /// (findings inside nested documents ask for positions, and their strings are mostly
    /// escapes: a `\"` around every key and string).
    private static func sourceOffset(forDecoded offset: Int, in buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var i = from
        var decoded = 0
        while true {
            let next = nextBackslash(buf, from: i, to: to)
            // A plain run maps one to one.
            if offset < decoded + (next - i) { return i + (offset - decoded) }
            decoded += next - i
            i = next
            guard i < to else { return to }
            let decodedLength: Int
            let sourceLength: Int
            if i + 1 < to, buf[i + 1] != 0x75 {
                (decodedLength, sourceLength) = (1, 2)
            } else {
                let escape = JSONStringDecoder.decodeEscape(buf, at: i, limit: to)
                (decodedLength, sourceLength) = (escape.decodedLength, escape.sourceLength)
            }
            // A byte produced by the escape maps to its backslash.
            if offset < decoded + decodedLength { return i }
            decoded += decodedLength
            i += sourceLength
        }
    }

    /// Calls `visit` for each escape in order until it returns true.
    private static func walk(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int, _ visit: (Escape) -> Bool) {
        var i = from
        var decoded = 0
        while i < to {
            let next = nextBackslash(buf, from: i, to: to)
            decoded += next - i
            i = next
            guard i < to else { return }
            // One-character escapes (most of them) are two bytes for one; only \u needs decoding.
            let found: Escape
            if i + 1 < to, buf[i + 1] != 0x75 {
                found = Escape(decodedStart: decoded, sourceStart: i, decodedLength: 1, sourceLength: 2)
            } else {
                let escape = JSONStringDecoder.decodeEscape(buf, at: i, limit: to)
                found = Escape(decodedStart: decoded, sourceStart: i, decodedLength: escape.decodedLength, sourceLength: escape.sourceLength)
            }
            if visit(found) { return }
            decoded += found.decodedLength
            i += found.sourceLength
        }
    }

    /// Offset of the first backslash in `from ..< to`, or `to`; eight bytes at a time.
    @inline(__always)
    private static func nextBackslash(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var i = from
        if let base = buf.baseAddress {
            while i + 8 <= to {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let marks = UTF8Validation.bytes(of: word, equalTo: ASCII.backslash)
                if marks != 0 { return i + marks.trailingZeroBitCount >> 3 }
                i += 8
            }
        }
        while i < to, buf[i] != ASCII.backslash { i += 1 }
        return i
    }
}
