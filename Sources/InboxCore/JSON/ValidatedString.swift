/// Making `String`s from bytes the parser has already validated as UTF-8.
///
/// `String(decoding:as:)` validates its input again and goes through the general
/// initialiser; rules decode tens of thousands of short keys and values per batch, and for
/// those that re-validation and set-up cost more than the bytes themselves. A string of at
/// most 15 UTF-8 bytes is stored inline in the `String` value itself (the standard
/// library's "small string": the bytes in the two words of the value, the count and an
/// ASCII bit in the top byte), so one is assembled here directly from two word loads.
/// The layout is part of Swift's stable ABI on 64-bit platforms; `isAvailable` still
/// checks once that it builds the same strings as the standard initialiser, and every
/// caller falls back to `String(decoding:as:)` when it does not (or on 32-bit platforms).
package enum ValidatedString {
    /// The string of `bytes[from ..< to]`, which must be well-formed UTF-8.
    @inline(__always)
    package static func make(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> String {
        let count = to - from
        if count <= 15, let base = bytes.baseAddress, isAvailable {
            if count <= 0 { return "" }
            let (low, high) = words(base, from: from, to: to)
            return small(low: low, high: high, count: count)
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[from ..< to]), as: UTF8.self)
    }

    /// The pointer token "/name" of a key whose opening quote is at `from` and whose bytes
    /// (no escapes) end at `to`: `bytes[from ..< to]` with a slash in place of the quote,
    /// made from two word loads (a nested document's pointer prefix, `/data` or `/u`). Nil
    /// when the name holds '~' or '/' (which a pointer escapes), is empty or longer than 14
    /// bytes, or when small strings cannot be built here.
    @inline(__always)
    static func slashedToken(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> String? {
        let count = to - from
        guard count >= 2, count <= 15, from >= 0, to <= bytes.count, let base = bytes.baseAddress, isAvailable else {
            return nil
        }
        var (low, high) = words(base, from: from, to: to)
        low &= ~0xFF
        let marks = UTF8Validation.bytes(of: low, equalTo: 0x7E) | UTF8Validation.bytes(of: low, equalTo: ASCII.slash)
            | UTF8Validation.bytes(of: high, equalTo: 0x7E) | UTF8Validation.bytes(of: high, equalTo: ASCII.slash)
        guard marks == 0 else { return nil }
        return small(low: low | UInt64(ASCII.slash), high: high, count: count)
    }

    /// The bytes `from ..< to` (1 to 15 of them) as the two little-endian words of a small
    /// string, zero above the last byte; every load lies inside `from ..< to` or ends at
    /// `to` (and starts at 0 or later).
    @inline(__always)
    private static func words(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> (UInt64, UInt64) {
        let count = to - from
        if count > 8 {
            // Both loads lie inside from ..< to: the second one ends at `to`.
            return (load(base + from), load(base + to - 8) >> (8 * UInt64(16 - count)))
        }
        if to >= 8 {
            // Eight bytes ending at `to`, shifted so the first is `bytes[from]`.
            return (load(base + to - 8) >> (8 * UInt64(8 - count)), 0)
        }
        var low: UInt64 = 0
        for k in 0 ..< count { low |= UInt64(base[from + k]) << (8 * UInt64(k)) }
        return (low, 0)
    }

    /// The string of all of `bytes` (well-formed UTF-8).
    @inline(__always)
    package static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        make(bytes, from: 0, to: bytes.count)
    }

    @inline(__always)
    private static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// Top byte of a small string's second word: small + immortal, ASCII or not, and the count.
    @inline(__always)
    private static func small(low: UInt64, high: UInt64, count: Int) -> String {
        let isASCII = (low | high) & 0x8080_8080_8080_8080 == 0
        let discriminator: UInt64 = isASCII ? 0xE0 : 0xA0
        return unsafeBitCast((low, high | (discriminator | UInt64(count)) << 56), to: String.self)
    }

    /// Whether `small` builds the same strings as the standard library on this platform.
    static let isAvailable: Bool = {
        guard MemoryLayout<String>.size == 16, MemoryLayout<Int>.size == 8, UInt64(1).littleEndian == 1 else { return false }
        let samples = ["", "a", "aps", "displayType", "123456789012345", "caf\u{e9}", "\u{65e5}\u{672c}\u{8a9e}\u{1F600}"]
        for sample in samples {
            let utf8 = Array(sample.utf8)
            var low: UInt64 = 0
            var high: UInt64 = 0
            for (k, byte) in utf8.enumerated() {
                if k < 8 { low |= UInt64(byte) << (8 * UInt64(k)) } else { high |= UInt64(byte) << (8 * UInt64(k - 8)) }
            }
            let built = small(low: low, high: high, count: utf8.count)
            guard built == sample, built.utf8.count == utf8.count, Array(built.utf8) == utf8,
                  built.unicodeScalars.elementsEqual(sample.unicodeScalars), built.hashValue == sample.hashValue
            else { return false }
        }
        return true
    }()
}
