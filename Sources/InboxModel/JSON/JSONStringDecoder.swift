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
enum JSONStringDecoder {
    /// The decoded contents of `buf[from ..< to]` (without the quotes).
    ///
    /// Decoding never makes a string longer, so it is written into a scratch buffer of the
    /// source length (on the stack up to `stackLimit` bytes) and copied into the array once
    /// its length is known. `Array(unsafeUninitializedCapacity:)` would save the copy, but it
    /// allocates through an unspecialised path that looks up the array's type metadata at
    /// run time, several hundred instructions per call, more than copying a short string.
    @inline(never)
    static func decode(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> [UInt8] {
        guard from < to else { return [] }
        return withScratch(count: to - from, of: UInt8.self) { out in
            let written = decode(buf, from: from, to: to, into: out) { _, _ in }
            return Array(UnsafeBufferPointer(start: out, count: written))
        }
    }

    /// The decoded string of `buf[from ..< to]` (validated UTF-8 with escapes), made from the
    /// scratch buffer directly (no array in between).
    @inline(never)
    static func decodeString(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> String {
        guard from < to else { return "" }
        return withScratch(count: to - from, of: UInt8.self) { out in
            let written = decode(buf, from: from, to: to, into: out) { _, _ in }
            return ValidatedString.make(UnsafeBufferPointer(start: out, count: written))
        }
    }

    /// `decode`, also recording `OffsetMap` checkpoints: the (source, decoded) offsets of the
    /// first escape at least `OffsetMap.checkpointSpacing` source bytes after the previous
    /// one (none for a string shorter than that, which needs no array either).
    static func decode(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int, checkpoints: inout [Int32]) -> [UInt8] {
        guard from < to else { return [] }
        let spacing = OffsetMap.checkpointSpacing
        return withScratch(count: to - from, of: UInt8.self) { out in
            // At most one checkpoint per `spacing` bytes, two numbers each.
            let pairCapacity = 2 * ((to - from) / spacing + 1)
            var recorded: [Int32] = []
            let decoded = withScratch(count: pairCapacity, of: Int32.self) { pairs in
                var count = 0
                var next = from + spacing
                let written = decode(buf, from: from, to: to, into: out) { source, decoded in
                    if source >= next, count &+ 2 <= pairCapacity {
                        pairs[count] = Int32(truncatingIfNeeded: source)
                        pairs[count &+ 1] = Int32(truncatingIfNeeded: decoded)
                        count &+= 2
                        next = source &+ spacing
                    }
                }
                if count > 0 { recorded = Array(UnsafeBufferPointer(start: pairs, count: count)) }
                return Array(UnsafeBufferPointer(start: out, count: written))
            }
            checkpoints = recorded
            return decoded
        }
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
    /// bytes written. `onEscape` is told the source and decoded offset of every escape.
    ///
    /// Plain bytes are copied eight at a time: a whole word is stored even when a backslash is
    /// among its bytes (the bytes after it are overwritten next), which stays inside the result
    /// because at most as many bytes have been written as read.
    @inline(__always)
    private static func decode(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int, into out: UnsafeMutablePointer<UInt8>,
                               escape onEscape: (Int, Int) -> Void) -> Int {
        guard let source = buf.baseAddress else { return 0 }
        let target = UnsafeMutableRawPointer(out)
        let capacity = to &- from
        let lastWord = to &- 8
        var i = from
        var written = 0
        while i < to {
            if i <= lastWord {
                let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                target.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
                let marks = UTF8Validation.firstBytes(of: UInt64(littleEndian: word), equalTo: ASCII.backslash)
                if marks == 0 {
                    i &+= 8
                    written &+= 8
                    continue
                }
                let run = marks.trailingZeroBitCount &>> 3
                i &+= run
                written &+= run
            } else if source[i] != ASCII.backslash {
                out[written] = source[i]
                i &+= 1
                written &+= 1
                continue
            }
            // A backslash at `i`. One-character escapes (`\"` and `\\` fill nested
            // documents) are decoded here; only `\u` needs the general decoder.
            onEscape(i, written)
            if i &+ 1 < to, source[i &+ 1] != 0x75 {
                out[written] = simpleEscapeValue(source[i &+ 1])
                written &+= 1
                i &+= 2
                continue
            }
            let escape = decodeEscape(buf, at: i, limit: to)
            let bytes = escape.bytes
            // Only a malformed escape (never in validated input) could decode longer than written.
            guard written + escape.decodedLength <= capacity else { break }
            for k in 0 ..< escape.decodedLength { out[written + k] = UInt8(truncatingIfNeeded: bytes >> (8 * UInt32(k))) }
            written += escape.decodedLength
            i += escape.sourceLength
        }
        return written
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
    struct Escape {
        var sourceLength: Int
        var decodedLength: Int
        var bytes: UInt32
    }

    /// Decodes the escape whose backslash is at `i` (a `\u` surrogate pair counts as one escape).
    static func decodeEscape(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, limit: Int) -> Escape {
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
