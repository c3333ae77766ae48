import InboxCore

/// The quick proof that iOS takes a URL exactly as written, for the plain ASCII URLs that
/// nearly every message holds: one scan, nothing built. A URL it cannot prove goes to
/// `URLRepair`, which answers the same for every URL this accepts (URLReadingTests).
enum URLFastPath {
    /// A scheme, then only characters every part allows (`%XX` escapes included), no `[`,
    /// `]` or `@` (addresses and user names need the full cut), at most one `#`, and an
    /// authority's port of digits only.
    static func isAsWritten(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Nearly every URL: proved plain sixteen bytes at a time, then only the scheme and
        // the authority's port are walked.
        if URLBytes.isPlainAndFlat(bytes) { return hasSchemeAndNumericPort(bytes) }
        return walked(bytes)
    }

    /// For bytes `URLBytes.isPlainAndFlat` passed (at least sixteen): a scheme, and an
    /// authority whose port (after its first `:`) is digits.
    private static func hasSchemeAndNumericPort(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        // Nearly every URL starts `https://` or `http://`: one load instead of a scan.
        let head = KeyBytes.head(bytes, from: 0, length: 8)
        var index: Int
        if head == httpsHead {
            index = 8
        } else if head & 0x00FF_FFFF_FFFF_FFFF == httpHead {
            index = 7
        } else {
            guard let afterScheme = afterScheme(bytes) else { return false }
            guard afterScheme + 1 < count, bytes[afterScheme] == UInt8(ascii: "/"), bytes[afterScheme + 1] == UInt8(ascii: "/") else { return true }
            index = afterScheme + 2
        }
        // The authority ends at the first `/` or `?` (plain and flat: no `#`, `@` or `[`).
        let (end, colon) = URLAuthorityScan.end(of: bytes, from: index)
        guard let colon else { return true }
        var port = colon + 1
        while port < end {
            guard bytes[port] >= UInt8(ascii: "0"), bytes[port] <= UInt8(ascii: "9") else { return false }
            port += 1
        }
        return true
    }

    /// `https://` and `http://` as the words `KeyBytes.head` reads (written out, as a word
    /// built from text at start-up instantiates generic metadata).
    private static let httpsHead: UInt64 = 0x2F2F_3A73_7074_7468   // "https://"
    private static let httpHead: UInt64 = 0x2F_2F3A_7074_7468       // "http://"

    /// The byte-by-byte proof, for URLs with an escape, a `#`, a short one.
    private static func walked(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard var index = afterScheme(bytes) else { return false }
        // The authority, when `//` follows: a port after a `:` must be digits.
        if index + 1 < count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            var inPort = false
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                if inPort {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
                } else if byte == UInt8(ascii: ":") {
                    inPort = true
                } else if !isPlain(bytes, at: index) {
                    return false
                }
                index += 1
            }
        }
        // Path, query and fragment.
        var sawFragment = false
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                if sawFragment { return false }
                sawFragment = true
            } else if !isPlain(bytes, at: index) {
                return false
            }
            index += 1
        }
        return true
    }

    /// Where the URL goes on after its scheme and `:`; nil when it does not start with one.
    @inline(__always)
    private static func afterScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count > 0, isLetter(bytes[0]) else { return nil }
        var index = 1
        while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
            guard isSchemeByte(bytes[index]) else { return nil }
            index += 1
        }
        return index < bytes.count ? index + 1 : nil
    }

    /// A byte every part allows, or the `%` of a `%XX` escape (whose digits are plain).
    @inline(__always)
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        if byte == UInt8(ascii: "%") {
            return index + 2 < bytes.count && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit
        }
        // Printable ASCII allowed in a host, a path and a query alike, plus `:`, `/`, `?`
        // (delimiters here), as two bitmaps: bytes 0-63 and 64-127.
        switch byte {
        case 0 ..< 64: return (0xAFFF_FFD2_0000_0000 as UInt64) >> UInt64(byte) & 1 != 0
        case 64 ..< 128: return (0x47FF_FFFE_87FF_FFFE as UInt64) >> UInt64(byte - 64) & 1 != 0
        default: return false
        }
    }

    @inline(__always)
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always)
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
