/// Sixteen bytes tested at once (SSE2 on x86-64), for the scans every document or URL goes
/// through (the parser's string scan, `URLBytes`).
///
/// Written so the compiler emits vector instructions: every constant is a `SIMD16` of a
/// named scalar type (a bare `SIMD16(repeating:)` picked a generic comparison that tested
/// one lane at a time), and a mask is tested through its two words, where the standard
/// `any(_:)` became a call reducing it lane by lane.
enum ByteVector {
    typealias Bytes = SIMD16<UInt8>
    typealias Mask = SIMDMask<SIMD16<Int8>>

    @inline(__always)
    static func splat(_ byte: UInt8) -> Bytes { Bytes(repeating: byte) }

    @inline(__always)
    static func load(_ raw: UnsafeRawPointer, at offset: Int) -> Bytes {
        raw.loadUnaligned(fromByteOffset: offset, as: Bytes.self)
    }

    /// Whether any lane of `mask` is set.
    @inline(__always)
    static func any(_ mask: Mask) -> Bool {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }
}
