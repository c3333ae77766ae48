/// Maps byte offsets of a nested document (the decoded contents of a JSON string) back to offsets in
/// the document that holds the string, so an error inside `"u": "{\"a\": }"` points at the real
/// column in the user's file. A byte produced by an escape (`\"`, `\n`, `\u00e9` ...) maps to the escape's
/// backslash; plain bytes map one to one.
///
/// A lookup walks the string's escapes from the nearest checkpoint before the offset: the
/// decoder that produced the nested input records one (source offset, decoded offset) pair at
/// the first escape at least `checkpointSpacing` bytes after the previous one, which costs
/// it a compare per escape and a few stores per checkpoint. Findings inside nested documents
/// ask for positions, and their strings are mostly escapes (a `\"` around every key and
/// string), so a walk from the start of the string cost far more than the recording does.
struct OffsetMap: Sendable {
    /// Source bytes between checkpoints, at least (a lookup walks at most about this many).
    static let checkpointSpacing = 32

    /// Offset (in the enclosing document) of the first content byte, just after the opening quote.
    let contentStart: Int
    /// Offset of the closing quote; the end of the nested input maps here.
    let closingQuote: Int
    let hasEscapes: Bool
    /// Pairs of (source offset, decoded offset) of escapes' backslashes, in increasing order:
    /// `checkpoints[2k]` in the enclosing document, `checkpoints[2k + 1]` in the nested input.
    let checkpoints: [Int32]

    /// A map for the string `contentStart ..< closingQuote` of the enclosing document;
    /// `checkpoints` are those `JSONStringDecoder.decode(_:from:to:checkpoints:)` recorded
    /// (none: lookups walk from the start of the string). The enclosing bytes are not kept
    /// here: the nested document's resolver holds the enclosing document and passes them.
    init(contentStart: Int, closingQuote: Int, hasEscapes: Bool, checkpoints: [Int32] = []) {
        self.contentStart = contentStart
        self.closingQuote = closingQuote
        self.hasEscapes = hasEscapes
        self.checkpoints = checkpoints
    }

    /// - Parameter source: the enclosing document's bytes.
    func sourceOffset(forDecoded offset: Int, in source: UnsafeBufferPointer<UInt8>) -> Int {
        if offset <= 0 { return contentStart }
        guard hasEscapes else { return min(contentStart + offset, closingQuote) }
        // The last checkpoint at or before `offset` (decoded), if any.
        var start = contentStart
        var decoded = 0
        checkpoints.withUnsafeBufferPointer { pairs in
            var low = 0
            var high = pairs.count / 2
            while low < high {
                let mid = (low + high) / 2
                if Int(pairs[2 * mid + 1]) <= offset { low = mid + 1 } else { high = mid }
            }
            if low > 0 {
                start = Int(pairs[2 * low - 2])
                decoded = Int(pairs[2 * low - 1])
            }
        }
        return Self.sourceOffset(forDecoded: offset, in: source, from: start, decoded: decoded, to: closingQuote)
    }

    /// The walk of `sourceOffset` from `from` (a backslash or the start of the string, where
    /// the decoded offset is `decoded`): run by run and escape by escape until the run or
    /// escape holding `offset`.
    private static func sourceOffset(forDecoded offset: Int, in buf: UnsafeBufferPointer<UInt8>, from: Int, decoded start: Int, to: Int) -> Int {
        var i = from
        var decoded = start
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
