#if arch(x86_64) && !INBOX_PORTABLE
import _Builtin_intrinsics.intel
#endif

/// Where a URL's authority ends, sixteen bytes at a time: every URL of every message is
/// proved taken as written (`URLFirstLook`), and its authority, usually a host
/// of ten to twenty bytes, is the part read byte by byte otherwise.
package enum URLAuthorityScan {
    /// The index of the first `/` or `?` at or after `from` in `bytes` (`bytes.count` when
    /// there is none), and of the first `:` before it (nil when there is none).
    package static func end(of bytes: UnsafeBufferPointer<UInt8>, from: Int) -> (end: Int, colon: Int?) {
        guard let base = bytes.baseAddress else { return (bytes.count, nil) }
        let raw = UnsafeRawPointer(base)
        var colon: Int?
        var offset = from
        while offset + 16 <= bytes.count {
            let ends = bits(of: UInt8(ascii: "/"), raw, at: offset) | bits(of: UInt8(ascii: "?"), raw, at: offset)
            var colons = bits(of: UInt8(ascii: ":"), raw, at: offset)
            if ends != 0 {
                colons &= (ends & (~ends &+ 1)) &- 1   // only those before the first end
                if colon == nil, colons != 0 { colon = offset + colons.trailingZeroBitCount }
                return (offset + ends.trailingZeroBitCount, colon)
            }
            if colon == nil, colons != 0 { colon = offset + colons.trailingZeroBitCount }
            offset += 16
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") { break }
            if byte == UInt8(ascii: ":"), colon == nil { colon = offset }
            offset += 1
        }
        return (offset, colon)
    }

    /// Bit `k` set where byte `k` of the sixteen at `raw + offset` is `byte`.
    @inline(__always)
    private static func bits(of byte: UInt8, _ raw: UnsafeRawPointer, at offset: Int) -> UInt32 {
        #if arch(x86_64) && !INBOX_PORTABLE
        let bytes = unsafeBitCast(ByteVector.load(raw, at: offset), to: __m128i.self)
        return UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(Int8(bitPattern: byte)))))
        #else
        var bits: UInt32 = 0
        for k in 0 ..< 16 where raw.load(fromByteOffset: offset + k, as: UInt8.self) == byte { bits |= 1 << UInt32(k) }
        return bits
        #endif
    }
}
