/// Maps byte offsets of a nested document (the decoded contents of a JSON string) back to offsets in
/// the document that holds the string, so an error inside `"u": "{\"a\": }"` points at the real
/// column in the user's file. A byte produced by an escape (`\"`, `\n`, `\u00e9` ...) maps to the escape's
/// backslash; plain bytes map one to one.
///
/// A nested document is nearly always a string whose escapes are all two bytes standing for
/// one (`\"` around every key and string of the JSON inside): the decoded bytes before a
/// source offset are then the bytes before it less the backslashes among them. When such a
/// string is decoded into memory the nested document owns (`JSONValue.parseNested`), the
/// decoder also writes there, after the decoded bytes, the decoded offset at the end of
/// each of its sixteen-byte steps (`steps`, a store per step), and a lookup starts from the
/// step that ends before its offset (one or two from `offset / 16`) and counts the few
/// bytes from there: every finding inside a nested document asks one position, and a
/// count from the start of the string cost some 225 instructions.
///
/// Otherwise a lookup walks the string from its start, or, in a long string, from the
/// nearest checkpoint before the offset. Checkpoints (the source and decoded offsets of
/// the first escape at least `checkpointSpacing` source bytes after the previous one) are
/// kept only for strings longer than `walkLimit` (or `escapeWalkLimit`, when the walk has
/// to decode escapes one by one), so a lookup never walks far.
struct OffsetMap: @unchecked Sendable { // @unchecked: its memory is written while parsing, read-only after
    /// Source bytes between checkpoints, at least (a lookup walks at most about this many).
    static let checkpointSpacing = 32
    /// Longest string of two-byte escapes (`twoByteEscapes`) that keeps no checkpoints: a
    /// lookup counts through at most this many bytes (a quarter of an instruction a byte).
    static let walkLimit = 1024
    /// Longest string with other escapes that keeps no checkpoints: a lookup decodes at
    /// most this many bytes escape by escape.
    static let escapeWalkLimit = 256

    /// Offset (in the enclosing document) of the first content byte, just after the opening quote.
    let contentStart: Int
    /// Offset of the closing quote; the end of the nested input maps here.
    let closingQuote: Int
    package let hasEscapes: Bool
    /// Every escape of the string is two bytes standing for one byte, and none is `\\`:
    /// every backslash starts an escape, so the decoded bytes before a source offset are
    /// the bytes before it less the backslashes among them.
    let twoByteEscapes: Bool
    /// Pairs of (source offset, decoded offset) of escapes' backslashes, in increasing order:
    /// `checkpoints[2k]` in the enclosing document, `checkpoints[2k + 1]` in the nested input
    /// (none: lookups walk from the start of the string).
    let checkpoints: [Int32]
    /// In a string of two-byte escapes decoded into a nested document's memory: the count
    /// of decoded bytes before source byte `contentStart + 16 * (k + 1)`, a `UInt32` at
    /// byte `4 * k`, for `k` below `stepCount` (see `JSONStringDecoder.decodeNested`). In
    /// the memory of the nested document whose resolver holds this map, after its input:
    /// valid as long as the document. Nil otherwise.
    let steps: UnsafeRawPointer?
    /// How many `steps` there are (the string may go on further: lookups count from the
    /// last one).
    let stepCount: Int

    /// A map for the string `contentStart ..< closingQuote` of the enclosing document;
    /// `twoByteEscapes` and `checkpoints` as `JSONStringDecoder.decodeNested` found them
    /// (the defaults make no assumption: lookups decode from the start of the string). The
    /// enclosing bytes are not kept here: the nested document's resolver holds the
    /// enclosing document and passes them.
    package init(contentStart: Int, closingQuote: Int, hasEscapes: Bool, twoByteEscapes: Bool = false, checkpoints: [Int32] = [],
         steps: UnsafeRawPointer? = nil, stepCount: Int = 0) {
        self.contentStart = contentStart
        self.closingQuote = closingQuote
        self.hasEscapes = hasEscapes
        self.twoByteEscapes = twoByteEscapes
        self.checkpoints = checkpoints
        self.steps = twoByteEscapes ? steps : nil
        self.stepCount = twoByteEscapes ? stepCount : 0
    }

    /// Room `steps` may need for a string of `length` bytes: a step ends every sixteen
    /// source bytes.
    @inline(__always)
    static func stepsByteCount(forLength length: Int) -> Int {
        4 &* ((max(length, 0) &>> 4) &+ 1)
    }

    /// - Parameter source: the enclosing document's bytes.
    func sourceOffset(forDecoded offset: Int, in source: UnsafeBufferPointer<UInt8>) -> Int {
        if offset <= 0 { return contentStart }
        guard hasEscapes else { return min(contentStart + offset, closingQuote) }
        if let steps { return steppedOffset(forDecoded: offset, in: source, steps: steps) }
        if checkpoints.isEmpty {
            if twoByteEscapes { return Self.countedOffset(forDecoded: offset, in: source, from: contentStart, to: closingQuote) }
            return Self.sourceOffset(forDecoded: offset, in: source, from: contentStart, decoded: 0, to: closingQuote)
        }
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

    /// `sourceOffset` through `steps`: the count from the end of the last step whose
    /// decoded offset is at most `offset`. Step `offset / 16 - 1` is one (decoding never
    /// makes a string longer), and the usual few escapes put the answer a step or two on.
    @inline(__always)
    private func steppedOffset(forDecoded offset: Int, in source: UnsafeBufferPointer<UInt8>, steps: UnsafeRawPointer) -> Int {
        // `next` steps end before the byte sought; the first `offset / 16` surely do.
        var next = min(offset &>> 4, stepCount)
        while next < stepCount, Int(steps.load(fromByteOffset: next &<< 2, as: UInt32.self)) <= offset { next &+= 1 }
        let before = next == 0 ? 0 : Int(steps.load(fromByteOffset: (next &- 1) &<< 2, as: UInt32.self))
        return Self.countedOffset(forDecoded: offset &- before, in: source, from: contentStart &+ next &<< 4, to: closingQuote,
                                  stringStart: contentStart)
    }

    /// `sourceOffset` in a string of two-byte escapes (`twoByteEscapes`), walking from `from`:
    /// each decoded byte comes from one source byte (itself, or the byte after a backslash),
    /// so the decoded bytes before `i` are `i - from` less the backslashes before `i`. The
    /// byte of `offset` is at least `offset - decoded` bytes further on, so the walk jumps
    /// that far (in whole sixteen-byte blocks) counting backslashes, a compare and a subtract
    /// per block, until it is less than a block away; then it counts word by word and finds
    /// the byte in its word. A byte an escape stands for maps to its backslash, the byte
    /// before it.
    ///
    /// `from` may be inside the string that starts at `stringStart` (where a step of the
    /// decoder ended), where a backslash just before it starts an escape.
    static func countedOffset(forDecoded offset: Int, in buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int,
                              stringStart: Int? = nil) -> Int {
        let start = stringStart ?? from
        guard let base = buf.baseAddress, to <= buf.count, offset >= 0 else { return to }
        let raw = UnsafeRawPointer(base)
        var i = from
        // Decoded bytes whose source byte is before `i`.
        var decoded = 0
        while true {
            // At most 255 blocks, so no lane of the count overflows.
            let blocks = min((offset &- decoded) &>> 4, (to &- i) &>> 4, 255)
            guard blocks > 0 else { break }
            var counts = SIMD16<UInt8>()
            var at = i
            for _ in 0 ..< blocks {
                counts &-= unsafeBitCast(ByteVector.load(raw, at: at) .== ByteVector.splat(ASCII.backslash), to: SIMD16<UInt8>.self)
                at &+= 16
            }
            decoded &+= (at &- i) &- Self.laneSum(counts)
            i = at
        }
        let high: UInt64 = 0x8080_8080_8080_8080
        while i &+ 8 <= to {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            // One mark per byte that is not a backslash: one per decoded byte. Byte k of
            // `running` counts the marks of bytes 0 ... k (at most 8, so no byte carries).
            let plain = UTF8Validation.bytes(of: word, equalTo: ASCII.backslash) ^ high
            let running = (plain &>> 7) &* 0x0101_0101_0101_0101
            let count = Int(truncatingIfNeeded: running &>> 56)
            let wanted = offset &- decoded
            if wanted < count {
                // The first byte whose count passes `wanted` (adding 127 - wanted sets its
                // top bit), found without a loop over the marks.
                let passed = (running &+ 0x0101_0101_0101_0101 &* UInt64(truncatingIfNeeded: 127 &- wanted)) & high
                let at = i &+ passed.trailingZeroBitCount &>> 3
                return at > start && base[at &- 1] == ASCII.backslash ? at &- 1 : at
            }
            decoded &+= count
            i &+= 8
        }
        while i < to {
            if base[i] != ASCII.backslash {
                if decoded == offset { return i > start && base[i &- 1] == ASCII.backslash ? i &- 1 : i }
                decoded &+= 1
            }
            i &+= 1
        }
        return to
    }

    /// The sum of the sixteen lanes (each up to 255).
    @inline(__always)
    private static func laneSum(_ lanes: SIMD16<UInt8>) -> Int {
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        let evenBytes: UInt64 = 0x00FF_00FF_00FF_00FF
        // Sixteen-bit lanes of byte pairs (up to 1 020), then summed by the multiply.
        let pairs = (words[0] & evenBytes) &+ (words[0] &>> 8 & evenBytes) &+ (words[1] & evenBytes) &+ (words[1] &>> 8 & evenBytes)
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) &>> 48)
    }

    /// The checkpoints of the string `from ..< to` (for a long one; see the type's comment):
    /// the (source, decoded) offsets of the first escape at least `checkpointSpacing` source
    /// bytes after the previous checkpoint, found in a walk escape by escape.
    static func checkpoints(in buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> [Int32] {
        var pairs: [Int32] = []
        pairs.reserveCapacity(2 * ((to - from) / checkpointSpacing + 1))
        var i = from
        var decoded = 0
        var next = from + checkpointSpacing
        while true {
            let backslash = nextBackslash(buf, from: i, to: to)
            decoded += backslash - i
            i = backslash
            guard i < to else { return pairs }
            if i >= next {
                pairs.append(Int32(truncatingIfNeeded: i))
                pairs.append(Int32(truncatingIfNeeded: decoded))
                next = i + checkpointSpacing
            }
            let (decodedLength, sourceLength) = escapeLengths(buf, at: i, to: to)
            decoded += decodedLength
            i += sourceLength
        }
    }

    /// Decoded and source lengths of the escape whose backslash is at `i`.
    @inline(__always)
    private static func escapeLengths(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, to: Int) -> (decoded: Int, source: Int) {
        if i + 1 < to, buf[i + 1] != 0x75 { return (1, 2) }
        let escape = JSONStringDecoder.decodeEscape(buf, at: i, limit: to)
        return (escape.decodedLength, escape.sourceLength)
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
            let (decodedLength, sourceLength) = escapeLengths(buf, at: i, to: to)
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
