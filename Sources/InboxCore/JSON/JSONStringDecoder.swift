#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the raw bytes between a string's quotes into its value. Strings are only decoded when someone
/// asks (most rules just compare bytes), and only strings flagged as having escapes come here at all.
/// The input has already been validated by the parser, so this never fails; anything unexpected
/// decodes to U+FFFD rather than trapping.
@usableFromInline package enum JSONStringDecoder {
    /// The decoded contents of `buf[from ..< to]` (without the quotes).
    ///
    /// Decoding never makes a string longer, so it is written into a scratch buffer of the
    /// source length (on the stack up to `stackLimit` bytes) and copied into the array once
    /// its length is known. `Array(unsafeUninitializedCapacity:)` would save the copy, but it
    /// allocates through an unspecialised path that looks up the array's type metadata at
    /// run time, several hundred instructions per call, more than copying a short string.
    @inline(never)
    @usableFromInline static func decode(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> [UInt8] {
        guard from < to else { return [] }
        return withScratch(count: to - from, of: UInt8.self) { out in
            let written = decode(buf, from: from, to: to, into: out, steps: nil).written
            return Array(UnsafeBufferPointer(start: out, count: written))
        }
    }

    /// The decoded string of `buf[from ..< to]` (validated UTF-8 with escapes), made from the
    /// scratch buffer directly (no array in between).
    @inline(never)
    static func decodeString(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> String {
        guard from < to else { return "" }
        return withScratch(count: to - from, of: UInt8.self) { out in
            let written = decode(buf, from: from, to: to, into: out, steps: nil).written
            return ValidatedString.make(UnsafeBufferPointer(start: out, count: written))
        }
    }

    /// The decoded contents of a string that holds a nested document (`from ..< to`, which
    /// has escapes), and the map of its decoded offsets back to the string's.
    ///
    /// The map keeps checkpoints only for a string long enough that a lookup walking from its
    /// start would cost more (see `OffsetMap.walkLimit`); they are found in a second walk
    /// over such a string, so the decoding loop does nothing for them: nearly every nested
    /// document is a short string whose map holds no array at all.
    static func decodeNested(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> (bytes: [UInt8], map: OffsetMap) {
        guard from < to else {
            return ([], OffsetMap(contentStart: from, closingQuote: to, hasEscapes: false))
        }
        return withScratch(count: to - from, of: UInt8.self) { out in
            let (written, map) = decodeNested(buf, from: from, to: to, into: out)
            return (Array(UnsafeBufferPointer(start: out, count: written)), map)
        }
    }

    /// `decodeNested(_:from:to:)` written into `out`, which has room for `to - from` bytes
    /// (a nested document decodes into memory it then owns, with no array in between):
    /// the count of bytes written, and the map. With `steps` (4-byte aligned room of
    /// `OffsetMap.stepsByteCount` bytes, owned with `out`), the decoder writes there the
    /// decoded offset at the end of each of its sixteen-byte steps, and a map of a string
    /// of two-byte escapes looks up from them and keeps no checkpoints.
    static func decodeNested(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int,
                             into out: UnsafeMutablePointer<UInt8>,
                             steps: UnsafeMutableRawPointer? = nil) -> (count: Int, map: OffsetMap) {
        guard from < to else { return (0, OffsetMap(contentStart: from, closingQuote: to, hasEscapes: false)) }
        let (written, twoByteEscapes, stepCount) = decode(buf, from: from, to: to, into: out, steps: steps)
        if twoByteEscapes, let steps {
            return (written, OffsetMap(contentStart: from, closingQuote: to, hasEscapes: true, twoByteEscapes: true,
                                       steps: UnsafeRawPointer(steps), stepCount: stepCount))
        }
        let limit = twoByteEscapes ? OffsetMap.walkLimit : OffsetMap.escapeWalkLimit
        let checkpoints = to - from > limit ? OffsetMap.checkpoints(in: buf, from: from, to: to) : []
        return (written, OffsetMap(contentStart: from, closingQuote: to, hasEscapes: true, twoByteEscapes: twoByteEscapes,
                                   checkpoints: checkpoints))
    }

    /// Scratch memory for `count` elements: on the stack up to `stackLimit` bytes (a fixed
    /// size, so no run-time check of the stack is needed), else on the heap.
    @inline(__always)
    private static func withScratch<T, R>(count: Int, of type: T.Type, _ body: (UnsafeMutablePointer<T>) -> R) -> R {
        if count * MemoryLayout<T>.stride <= stackLimit {
            return withUnsafeTemporaryAllocation(byteCount: stackLimit, alignment: MemoryLayout<T>.alignment) { raw in
                body(raw.baseAddress!.bindMemory(to: T.self, capacity: count))
            }
        }
        let heap = UnsafeMutablePointer<T>.allocate(capacity: count)
        defer { heap.deallocate() }
        return body(heap)
    }

    /// Largest scratch buffer kept on the stack, in bytes.
    static let stackLimit = 1024

    /// The decoding loop, writing to `out` (room for `to - from` bytes); returns the number of
    /// bytes written, whether every escape was two bytes standing for one byte and none
    /// was `\\` (so every backslash of the source starts an escape: what lets `OffsetMap`
    /// count its way to an offset), and how many steps were written to `steps` (see
    /// `decodeQuotePairs`; nil: none, and the loop has no code for them). Steps are written
    /// until the first escape other than `\"` (after it the steps no longer end every
    /// sixteen bytes from `from`; JSON held in a string nearly never has one).
    ///
    /// A run copier: whole words are copied until the one holding a backslash, which is
    /// stored too (the bytes after the backslash are overwritten next; this stays inside the
    /// result because at most as many bytes have been written as read), then the escape is
    /// decoded and the copy goes on after it. `\"` (around every key and string of a nested
    /// document) is told by one compare of the byte after the backslash, which the word
    /// steps read unchecked: they stop a byte before the end of the string.
    @inline(__always)
    @usableFromInline static func decode(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int, into out: UnsafeMutablePointer<UInt8>,
                               steps: UnsafeMutableRawPointer?) -> (written: Int, twoByteEscapes: Bool, stepCount: Int) {
        var stepCount = 0
        var steps = steps
        guard let source = buf.baseAddress else { return (0, true, 0) }
        let target = UnsafeMutableRawPointer(out)
        // A backslash found by a word step is at most at `lastWord + 7`, so the byte after it
        // is still in the string (and in the buffer, which holds the string).
        let lastWord = min(to, buf.count) &- 9
        let room = to &- from
        var i = from
        var longEscapes = false
        // Where source byte `i` goes is `shifted + i`: the word steps move one index, and an
        // escape moves `shifted` back by the bytes it saves.
        var shifted = target - from
        // Sixteen-byte steps while the step and the sixteen bytes after it are in the string
        // (see `decodeQuotePairs`); each stops at an escape other than `\"`, decoded here.
        let lastBlock = min(to, buf.count) &- 32
        while i <= lastBlock {
            i = decodeQuotePairs(source, from: i, lastBlock: lastBlock, shifted: &shifted, origin: from, target: target,
                                 steps: steps)
            if steps != nil {
                stepCount = (i &- from) &>> 4
                steps = nil
            }
            guard i <= lastBlock else { break }
            var written = target.distance(to: shifted + i)
            guard decodeEscape(source, at: &i, limit: to, into: out, at: &written, room: room, long: &longEscapes) else {
                return (written, false, stepCount)
            }
            shifted = target + written - i
        }
        while i <= lastWord {
            let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
            (shifted + i).storeBytes(of: word, as: UInt64.self)
            let marks = UTF8Validation.firstBytes(of: UInt64(littleEndian: word), equalTo: ASCII.backslash)
            if marks == 0 {
                i &+= 8
                continue
            }
            i &+= marks.trailingZeroBitCount &>> 3
            if source[i &+ 1] == ASCII.quote {
                (shifted + i).storeBytes(of: ASCII.quote, as: UInt8.self)
                shifted -= 1
                i &+= 2
                continue
            }
            var written = target.distance(to: shifted + i)
            guard decodeEscape(source, at: &i, limit: to, into: out, at: &written, room: room, long: &longEscapes) else {
                return (written, false, stepCount)
            }
            shifted = target + written - i
        }
        var written = target.distance(to: shifted + i)
        while i < to {
            if source[i] != ASCII.backslash {
                out[written] = source[i]
                i &+= 1
                written &+= 1
                continue
            }
            guard decodeEscape(source, at: &i, limit: to, into: out, at: &written, room: room, long: &longEscapes) else {
                return (written, false, stepCount)
            }
        }
        return (written, !longEscapes, stepCount)
    }

    /// Copies the string from `start` sixteen bytes a step while its only escapes are `\"`
    /// (JSON held in a string has one every few bytes, and nearly never another): a step
    /// stores its sixteen bytes where they go, and each `\"` in them the sixteen bytes
    /// from its quote one place lower, over the backslash. Returns where it stopped: past
    /// `lastBlock`, or at a backslash that does not start `\"` (for the caller to decode).
    ///
    /// `lastBlock` is at most the string's end less 32, so every load and store (the
    /// bytes after a backslash in a step's last byte too) is inside the string and the
    /// room of `out` (a byte is never written further on than it was read).
    ///
    /// With `steps` (when `start` is `origin`, the string's first byte), each whole step
    /// also writes the decoded offset where it ended (where source byte `i` goes, less
    /// `target`) as the `UInt32` of step `(i - origin) / 16 - 1` (`OffsetMap.steps`): one
    /// store a step, which fits the room `OffsetMap.stepsByteCount` gives.
    @inline(__always)
    private static func decodeQuotePairs(_ source: UnsafePointer<UInt8>, from start: Int, lastBlock: Int,
                                         shifted: inout UnsafeMutableRawPointer, origin: Int, target: UnsafeMutableRawPointer,
                                         steps: UnsafeMutableRawPointer?) -> Int {
        let raw = UnsafeRawPointer(source)
        var i = start
        while i <= lastBlock {
            let block = ByteVector.load(raw, at: i)
            (shifted + i).storeBytes(of: block, as: ByteVector.Bytes.self)
            // One bit per backslash, bit `k` for byte `i + k`.
            var marks = ByteVector.backslashBits(block)
            while marks != 0 {
                let backslash = i &+ marks.trailingZeroBitCount
                guard source[backslash &+ 1] == ASCII.quote else { return backslash }
                // The bytes from the quote on move one place down, over the backslash.
                (shifted + backslash).storeBytes(of: ByteVector.load(raw, at: backslash &+ 1), as: ByteVector.Bytes.self)
                shifted -= 1
                marks &= marks &- 1
            }
            i &+= 16
            if let steps {
                steps.storeBytes(of: UInt32(truncatingIfNeeded: target.distance(to: shifted + i)),
                                 toByteOffset: (i &- origin) &>> 2 &- 4, as: UInt32.self)
            }
        }
        return i
    }

    /// Decodes the escape whose backslash is at `i` into `out[written...]` and moves both past
    /// it; `long` is set for an escape other than a two-byte one standing for a byte other
    /// than a backslash. False (nothing written) for a malformed escape that would not fit
    /// the `room` bytes of `out` (never in validated input).
    @inline(__always)
    private static func decodeEscape(_ source: UnsafePointer<UInt8>, at i: inout Int, limit to: Int,
                                     into out: UnsafeMutablePointer<UInt8>, at written: inout Int, room: Int,
                                     long: inout Bool) -> Bool {
        if i &+ 1 < to {
            let next = source[i &+ 1]
            // `\"`, `\/` and `\\` stand for their second byte; so does any byte below `b` (never
            // in validated input), as `simpleEscapeValue` has it.
            if next < 0x62 {
                out[written] = next
                if next == ASCII.backslash { long = true }
                written &+= 1
                i &+= 2
                return true
            }
            if next != 0x75 {
                out[written] = simpleEscapeValue(next)
                written &+= 1
                i &+= 2
                return true
            }
        }
        long = true
        let escape = decodeEscape(UnsafeBufferPointer(start: source, count: to), at: i, limit: to)
        let bytes = escape.bytes
        guard written &+ escape.decodedLength <= room else { return false }
        for k in 0 ..< escape.decodedLength { out[written &+ k] = UInt8(truncatingIfNeeded: bytes >> (8 * UInt32(k))) }
        written &+= escape.decodedLength
        i &+= escape.sourceLength
        return true
    }

    /// The byte a one-character escape `\x` stands for, given `x` (not `u`).
    @inline(__always)
    static func simpleEscapeValue(_ x: UInt8) -> UInt8 {
        switch x {
        case 0x62: return 0x08  // \b
        case 0x66: return 0x0C  // \f
        case 0x6E: return 0x0A  // \n
        case 0x72: return 0x0D  // \r
        case 0x74: return 0x09  // \t
        default: return x  // \" \\ \/ decode to themselves
        }
    }

    /// One decoded escape: its UTF-8 bytes packed little-endian into `bytes`.
    package struct Escape {
        package var sourceLength: Int
        package var decodedLength: Int
        package var bytes: UInt32
    }

    /// Decodes the escape whose backslash is at `i` (a `\u` surrogate pair counts as one escape).
    package static func decodeEscape(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, limit: Int) -> Escape {
        guard i + 1 < limit else { return Escape(sourceLength: max(1, limit - i), decodedLength: 3, bytes: 0xBDBF_EF) }
        guard buf[i + 1] == 0x75 else {
            return Escape(sourceLength: 2, decodedLength: 1, bytes: UInt32(simpleEscapeValue(buf[i + 1])))
        }
        // \uXXXX, possibly a surrogate pair
        guard let first = hex4(buf, at: i + 2, limit: limit) else {
            return Escape(sourceLength: 2, decodedLength: 3, bytes: 0xBDBF_EF)
        }
        if (0xD800 ... 0xDBFF).contains(first), i + 12 <= limit, buf[i + 6] == ASCII.backslash,
           buf[i + 7] == 0x75, let second = hex4(buf, at: i + 8, limit: limit), (0xDC00 ... 0xDFFF).contains(second) {
            let scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            let (length, bytes) = utf8(scalar)
            return Escape(sourceLength: 12, decodedLength: length, bytes: bytes)
        }
        let (length, bytes) = utf8(first)
        return Escape(sourceLength: 6, decodedLength: length, bytes: bytes)
    }

    /// Value of the four hex digits at `at`, or nil.
    static func hex4(_ buf: UnsafeBufferPointer<UInt8>, at: Int, limit: Int) -> UInt32? {
        guard at + 4 <= limit else { return nil }
        var value: UInt32 = 0
        for k in 0 ..< 4 {
            guard let digit = hexValue(buf[at + k]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    @inline(__always)
    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30 ... 0x39: return UInt32(b - 0x30)
        case 0x41 ... 0x46: return UInt32(b - 0x41 + 10)
        case 0x61 ... 0x66: return UInt32(b - 0x61 + 10)
        default: return nil
        }
    }

    /// UTF-8 encoding of `scalar`, packed little-endian; lone surrogates (never produced for validated
    /// input) become U+FFFD.
    static func utf8(_ scalar: UInt32) -> (length: Int, bytes: UInt32) {
        let value = Unicode.Scalar(scalar)?.value ?? 0xFFFD
        switch value {
        case 0 ..< 0x80:
            return (1, value)
        case 0x80 ..< 0x800:
            return (2, (0xC0 | value >> 6) | (0x80 | value & 0x3F) << 8)
        case 0x800 ..< 0x10000:
            return (3, (0xE0 | value >> 12) | (0x80 | value >> 6 & 0x3F) << 8 | (0x80 | value & 0x3F) << 16)
        default:
            return (4, (0xF0 | value >> 18) | (0x80 | value >> 12 & 0x3F) << 8
                | (0x80 | value >> 6 & 0x3F) << 16 | (0x80 | value & 0x3F) << 24)
        }
    }
}
