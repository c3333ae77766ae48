#if arch(x86_64) && !INBOX_PORTABLE
import _Builtin_intrinsics.intel
#endif

/// A quick proof that a URL needs no repair by iOS, sixteen bytes at a time, for
/// `URLFirstLook`: every URL of every message is read, and nearly all are plain.
///
/// It flags controls, the space, `!` and `"`, non-ASCII, `< > \ ^ ` { | } ~`, DEL, `%`
/// (an escape needs the byte-by-byte look) and the delimiters `[ ] @ #`; any flag sends
/// the URL to the byte-by-byte proof. So "plain and flat" here implies taken as written
/// by iOS, never the other way round (`URLBytesTests` checks every byte).
package enum URLBytes {
    /// Whether the bytes hold none of the flagged bytes, so the URL is cut into parts by
    /// its `:` and `/` alone (false below 16 bytes: the vector test reads 16 at a time).
    package static func isPlainAndFlat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        scan(bytes, from: 0) != .notPlain
    }

    /// What `scan(_:from:)` tells of the bytes from a position on.
    package enum Scan: Equatable {
        /// A flagged byte, or fewer than sixteen bytes: the byte-by-byte look decides.
        case notPlain
        /// Plain and flat, and without a `:`.
        case plain
        /// Plain and flat, with a `:` (a port, or one in the path or query).
        case plainWithColon
    }

    /// `isPlainAndFlat` of the bytes from `start` on (at least sixteen of them), telling too
    /// whether they hold a `:`: after a `https://` that is the only way to a port, so a URL
    /// without one needs no look at its authority.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Scan {
        let count = bytes.count
        guard start >= 0, count &- start >= 16, let base = bytes.baseAddress else { return .notPlain }
        let raw = UnsafeRawPointer(base)
        var colons = ByteVector.splat(0)
        var index = start
        while true {
            // The last round overlaps the one before; testing a byte twice is harmless.
            let at = Swift.min(index, count &- 16)
            let vector = ByteVector.load(raw, at: at)
            if isFlagged(vector) { return .notPlain }
            colons |= colonLanes(vector)
            if at == count &- 16 { break }
            index &+= 16
        }
        let words = unsafeBitCast(colons, to: SIMD2<UInt64>.self)
        return words[0] | words[1] == 0 ? .plain : .plainWithColon
    }

    /// 0xFF in the lanes holding a `:`, 0 elsewhere.
    @inline(__always)
    private static func colonLanes(_ bytes: ByteVector.Bytes) -> ByteVector.Bytes {
        #if arch(x86_64) && !INBOX_PORTABLE
        unsafeBitCast(_mm_cmpeq_epi8(unsafeBitCast(bytes, to: __m128i.self), _mm_set1_epi8(0x3A)), to: ByteVector.Bytes.self)
        #else
        unsafeBitCast(bytes .== ByteVector.splat(0x3A), to: ByteVector.Bytes.self)
        #endif
    }

    /// Whether any of the sixteen bytes is flagged: on x86-64 with SSE2 compares and one
    /// move of the lanes' top bits, elsewhere with Swift's vectors.
    @inline(__always)
    private static func isFlagged(_ vector: ByteVector.Bytes) -> Bool {
        #if arch(x86_64) && !INBOX_PORTABLE
        let bytes = unsafeBitCast(vector, to: __m128i.self)
        // Outside `$`...`z` (controls, space, `!`, `"`, `#`, non-ASCII, `{ | } ~`, DEL): shifted
        // so that range is the lowest signed bytes, -128...-42.
        let outside = _mm_cmpgt_epi8(_mm_add_epi8(bytes, _mm_set1_epi8(0x5C)), _mm_set1_epi8(-42))
        // `[ \ ] ^` shifted to -128...-125; `<`/`>` differ only in bit 1, `@`/`` ` `` in bit 5.
        let brackets = _mm_cmpgt_epi8(_mm_set1_epi8(-124), _mm_add_epi8(bytes, _mm_set1_epi8(0x25)))
        let angles = _mm_cmpeq_epi8(_mm_and_si128(bytes, _mm_set1_epi8(Int8(bitPattern: 0xFD))), _mm_set1_epi8(0x3C))
        let ats = _mm_cmpeq_epi8(_mm_or_si128(bytes, _mm_set1_epi8(0x20)), _mm_set1_epi8(0x60))
        let percents = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x25))
        let hit = _mm_or_si128(_mm_or_si128(outside, brackets), _mm_or_si128(_mm_or_si128(angles, ats), percents))
        return _mm_movemask_epi8(hit) != 0
        #else
        return flags(vector) || hasDelimiter(vector)
        #endif
    }

    /// Whether any of the sixteen bytes is `[`, `]`, `@` or `#`.
    @inline(__always)
    private static func hasDelimiter(_ bytes: ByteVector.Bytes) -> Bool {
        let hit = (bytes .== ByteVector.splat(0x5B)) .| (bytes .== ByteVector.splat(0x5D))
            .| (bytes .== ByteVector.splat(0x40)) .| (bytes .== ByteVector.splat(0x23))
        return ByteVector.any(hit)
    }

    /// Whether any of the sixteen bytes is flagged. As signed bytes, everything below `#`
    /// (0x23) includes every non-ASCII byte (negative), and everything above `z` (0x7A) is
    /// `{ | } ~` and DEL; `<`/`>` and `\`/`^` differ only in bit 1.
    @inline(__always)
    private static func flags(_ bytes: ByteVector.Bytes) -> Bool {
        let signed = SIMD16<Int8>(truncatingIfNeeded: bytes)
        let belowHash: SIMD16<Int8> = SIMD16<Int8>(repeating: 0x23)
        let aboveZ: SIMD16<Int8> = SIMD16<Int8>(repeating: 0x7A)
        let pairs = bytes & ByteVector.splat(0xFD)
        let hit = (signed .< belowHash) .| (signed .> aboveZ)
            .| (pairs .== ByteVector.splat(0x3C)) .| (pairs .== ByteVector.splat(0x5C))
            .| (bytes .== ByteVector.splat(0x60)) .| (bytes .== ByteVector.splat(0x25))
        return ByteVector.any(hit)
    }
}
