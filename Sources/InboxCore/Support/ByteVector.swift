#if arch(x86_64) && !INBOX_PORTABLE
import _Builtin_intrinsics.intel
#endif

/// Sixteen bytes tested at once (SSE2 on x86-64), for the scans every document or URL goes
/// through (the parser's string scan, `URLBytes`).
///
/// Written so the compiler emits vector code: every constant is a `SIMD16` of a named
/// scalar type (a bare `SIMD16(repeating:)` picks a generic lane-by-lane comparison), and a
/// mask is tested through its two words (the standard `any(_:)` reduces it lane by lane).
@usableFromInline package enum ByteVector {
    @usableFromInline package typealias Bytes = SIMD16<UInt8>
    @usableFromInline package typealias Mask = SIMDMask<SIMD16<Int8>>

    @inlinable @inline(__always)
    package static func splat(_ byte: UInt8) -> Bytes { Bytes(repeating: byte) }

    @inlinable @inline(__always)
    package static func load(_ raw: UnsafeRawPointer, at offset: Int) -> Bytes {
        raw.loadUnaligned(fromByteOffset: offset, as: Bytes.self)
    }

    /// Whether any lane of `mask` is set.
    @inlinable @inline(__always)
    package static func any(_ mask: Mask) -> Bool {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }
}

/// The string scans' tests as sixteen bits, bit `k` for byte `k` of the sixteen at
/// `raw + offset`: exact for every byte, so the lowest bit is the first such byte (one
/// trailing-zero count), and the bits of two kinds can be compared by shifting.
///
/// On x86-64, byte compares and one move of the lanes' top bits (`pmovmskb`, SSE2, which
/// every x86-64 has), a move Swift's vector masks lack. Elsewhere, the same bits from
/// word arithmetic (`...InWords`, compared with them by the tests).
extension ByteVector {
    /// The bytes a string scan must look at one at a time: a quote, a backslash, a control
    /// (below 0x20) or a non-ASCII byte (0x80 and above).
    @inline(__always)
    static func stringBits(_ raw: UnsafeRawPointer, at offset: Int) -> UInt32 {
        #if arch(x86_64) && !INBOX_PORTABLE
        let bytes = unsafeBitCast(load(raw, at: offset), to: __m128i.self)
        // With bit 1 flipped, '"' (0x22) is 0x20, the controls stay controls and the non-ASCII
        // bytes stay negative: read as signed, exactly those three kinds are below 0x21.
        let flipped = _mm_xor_si128(bytes, _mm_set1_epi8(0x02))
        let marks = _mm_or_si128(_mm_cmplt_epi8(flipped, _mm_set1_epi8(0x21)), _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x5C)))
        return UInt32(truncatingIfNeeded: _mm_movemask_epi8(marks))
        #else
        return stringBitsInWords(raw, at: offset)
        #endif
    }

    /// The bits of `stringBits` apart: quotes, backslashes, and controls or non-ASCII bytes.
    @inline(__always)
    static func stringKindBits(_ raw: UnsafeRawPointer, at offset: Int)
        -> (quotes: UInt32, backslashes: UInt32, others: UInt32) {
        #if arch(x86_64) && !INBOX_PORTABLE
        let bytes = unsafeBitCast(load(raw, at: offset), to: __m128i.self)
        return (UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x22)))),
                UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x5C)))),
                UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmplt_epi8(bytes, _mm_set1_epi8(0x20)))))
        #else
        return stringKindBitsInWords(raw, at: offset)
        #endif
    }

    /// The backslashes of `bytes` (sixteen already loaded).
    @inline(__always)
    static func backslashBits(_ bytes: Bytes) -> UInt32 {
        #if arch(x86_64) && !INBOX_PORTABLE
        let vector = unsafeBitCast(bytes, to: __m128i.self)
        return UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpeq_epi8(vector, _mm_set1_epi8(0x5C))))
        #else
        let words = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
        return bitsInWords(UInt64(littleEndian: words[0]), UInt64(littleEndian: words[1])) {
            UTF8Validation.bytes(of: $0, equalTo: ASCII.backslash)
        }
        #endif
    }

    /// `stringBits` in word arithmetic, for any platform.
    @inline(__always)
    static func stringBitsInWords(_ raw: UnsafeRawPointer, at offset: Int) -> UInt32 {
        let (low, high) = words(raw, at: offset)
        return bitsInWords(low, high, UTF8Validation.specialBytes)
    }

    /// `stringKindBits` in word arithmetic, for any platform.
    @inline(__always)
    static func stringKindBitsInWords(_ raw: UnsafeRawPointer, at offset: Int)
        -> (quotes: UInt32, backslashes: UInt32, others: UInt32) {
        let (low, high) = words(raw, at: offset)
        return (bitsInWords(low, high) { UTF8Validation.bytes(of: $0, equalTo: ASCII.quote) },
                bitsInWords(low, high) { UTF8Validation.bytes(of: $0, equalTo: ASCII.backslash) },
                bitsInWords(low, high, UTF8Validation.controlOrNonASCIIBytes))
    }

    /// The bytes of the words `low` and `high` (bytes 0-7 and 8-15) that `marks` marks
    /// (0x80 in each such byte, exactly) as sixteen bits.
    @inline(__always)
    private static func bitsInWords(_ low: UInt64, _ high: UInt64, _ marks: (UInt64) -> UInt64) -> UInt32 {
        topBits(marks(low)) | topBits(marks(high)) &<< 8
    }

    /// The sixteen bytes at `raw + offset` as two little-endian words (bytes 0-7, 8-15).
    @inline(__always)
    private static func words(_ raw: UnsafeRawPointer, at offset: Int) -> (UInt64, UInt64) {
        (UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
         UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)))
    }

    /// The top bits of the eight bytes of `marks` (0x80 or 0 in each byte) as the low
    /// eight bits, byte 0's lowest: the multiply gathers them into the top byte without carries.
    @inline(__always)
    private static func topBits(_ marks: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: ((marks &>> 7) &* 0x0102_0408_1020_4080) &>> 56)
    }
}
