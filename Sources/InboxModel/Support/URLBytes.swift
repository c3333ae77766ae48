/// A quick proof that a URL needs no percent-encoding, sixteen bytes at a time, for IK304:
/// every used URL of every message is checked and nearly all are clean.
///
/// It flags every byte `URLCharacters.problems` can name (controls, space, `"`, non-ASCII,
/// `< > \ ^ ` { | }` and DEL) and also `%`, `!` and `~`, which need the exact look; any
/// flag sends the URL to `URLCharacters`. So "plain" here implies clean there, never the
/// other way round (`URLBytesTests` checks every byte).
enum URLBytes {
    /// Whether the string's bytes hold none of the flagged bytes. False for strings with
    /// escapes, shorter than 16 bytes, or not strings: the caller then asks `URLCharacters`.
    @inline(__always)
    static func isPlain(_ value: JSONValue) -> Bool {
        value.withRawStringBytes { isPlain($0) } ?? false
    }

    /// `isPlain` of raw bytes (false below 16 bytes: the vector test reads 16 at a time).
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        noVector(of: bytes) { flags($0) }
    }

    /// `isPlain`, and also none of `[`, `]`, `@` or `#`: a URL of such bytes is cut into
    /// parts by its `:` and `/` alone, so `URLFastPath` needs to walk only its scheme and
    /// authority (false below 16 bytes).
    static func isPlainAndFlat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        noVector(of: bytes) { flags($0) || hasDelimiter($0) }
    }

    /// Whether no sixteen-byte window of `bytes` is `hit` (false below 16 bytes).
    @inline(__always)
    private static func noVector(of bytes: UnsafeBufferPointer<UInt8>, _ hit: (ByteVector.Bytes) -> Bool) -> Bool {
        let count = bytes.count
        guard count >= 16, let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while true {
            // The last round overlaps the one before; testing a byte twice is harmless.
            let at = Swift.min(index, count &- 16)
            if hit(ByteVector.load(raw, at: at)) { return false }
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
