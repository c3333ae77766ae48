import InboxCore

/// A quick proof that a URL needs no repair by iOS, sixteen bytes at a time, for
/// `URLFastPath`: every URL of every message is read, and nearly all are plain.
///
/// It flags controls, the space, `!` and `"`, non-ASCII, `< > \ ^ ` { | } ~`, DEL, `%`
/// (an escape needs the byte-by-byte look) and the delimiters `[ ] @ #`; any flag sends
/// the URL to the byte-by-byte proof. So "plain and flat" here implies taken as written
/// by iOS, never the other way round (`URLBytesTests` checks every byte).
enum URLBytes {
    /// Whether the bytes hold none of the flagged bytes, so the URL is cut into parts by
    /// its `:` and `/` alone (false below 16 bytes: the vector test reads 16 at a time).
    static func isPlainAndFlat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count >= 16, let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while true {
            // The last round overlaps the one before; testing a byte twice is harmless.
            let at = Swift.min(index, count &- 16)
            let vector = ByteVector.load(raw, at: at)
            if flags(vector) || hasDelimiter(vector) { return false }
            if at == count &- 16 { return true }
            index &+= 16
        }
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
