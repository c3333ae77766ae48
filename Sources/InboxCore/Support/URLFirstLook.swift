#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A first look at a URL's bytes, for the model's URL reading (every URL of every message is
/// read): its scheme, with `http` and `https` by name, and whether iOS takes the URL exactly
/// as written, proved in one scan for the plain ASCII URLs nearly every message holds. What
/// it cannot prove goes to the model's full reading (`URLRepair`), which answers the same for
/// every URL this proves (URLReadingTests).
@usableFromInline package enum URLFirstLook {
    /// A URL's scheme as the model's `URLScheme.of` reads it: a letter, then letters,
    /// digits, `+`, `-` or `.`, up to a `:`.
    @usableFromInline package enum Scheme: UInt8, Sendable {
        case none
        case http
        case https
        case other
    }

    /// What the scan proves of a URL.
    @usableFromInline package enum Proof: UInt8, Sendable {
        /// iOS takes it exactly as written.
        case asWritten
        /// Without a scheme and not a plain relative reference: not as written.
        case notAsWritten
        /// With a scheme, and not provable by the scan: the full reading decides.
        case unproved
    }

    /// The scheme of a URL and what the scan proves of it.
    @usableFromInline package static func look(_ bytes: UnsafeBufferPointer<UInt8>) -> (scheme: Scheme, proof: Proof) {
        // Nearly every URL starts `https://` or `http://`: one load tells the scheme.
        if let web = webHead(bytes) { return (web.scheme, webProof(bytes, authority: web.authority) ? .asWritten : .unproved) }
        let scheme = self.scheme(of: bytes)
        // Without a scheme (the SDK uses no such URL), plain bytes and no `:` read as a
        // relative reference, which iOS keeps as written.
        guard scheme != .none else { return (.none, isPlainRelative(bytes) ? .asWritten : .notAsWritten) }
        return (scheme, isAsWritten(bytes) ? .asWritten : .unproved)
    }

    /// Whether iOS takes the URL as written, by the scan alone (false for a URL the full
    /// reading may still take as written).
    @usableFromInline package static func isProvedAsWritten(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isAsWritten(bytes) || isPlainRelative(bytes)
    }

    // MARK: The scheme

    /// The scheme alone, whether or not iOS accepts the rest.
    @inline(__always) @usableFromInline package static func scheme(of bytes: UnsafeBufferPointer<UInt8>) -> Scheme {
        // The lowercase `https:` / `http:` every usual URL starts with.
        if bytes.count >= 5, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "t"),
           bytes[2] == UInt8(ascii: "t"), bytes[3] == UInt8(ascii: "p") {
            if bytes[4] == UInt8(ascii: ":") { return .http }
            if bytes.count >= 6, bytes[4] == UInt8(ascii: "s"), bytes[5] == UInt8(ascii: ":") { return .https }
        }
        return scannedScheme(bytes)
    }

    /// The general case of `scheme(of:)`, without building the scheme as a String: the URLs
    /// that come here (`HTTPS:`, `myapp:`, a host without a scheme) are only compared with
    /// two names.
    @inline(never)
    private static func scannedScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Scheme {
        // A scheme ends at the first `:`, so a URL without one (a host without a scheme) has
        // none, told by one `memchr`.
        guard let base = bytes.baseAddress,
              let colon = memchr(base, Int32(UInt8(ascii: ":")), bytes.count) else { return .none }
        let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(colon))
        for index in 0 ..< end {
            switch bytes[index] {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"):
                continue
            case UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard index > 0 else { return .none }
            default:
                return .none
            }
        }
        guard end > 0 else { return .none }
        return end == 4 || end == 5 ? webScheme(bytes, length: end) : .other
    }

    /// `http` and `https` in any case, else `other`, for a scheme of four or five bytes.
    /// Setting 0x20 lowercases a letter and leaves the other bytes a scheme may hold as
    /// they are (they have it set).
    private static func webScheme(_ bytes: UnsafeBufferPointer<UInt8>, length: Int) -> Scheme {
        guard (bytes[0] | 0x20) == UInt8(ascii: "h"), (bytes[1] | 0x20) == UInt8(ascii: "t"),
              (bytes[2] | 0x20) == UInt8(ascii: "t"), (bytes[3] | 0x20) == UInt8(ascii: "p") else { return .other }
        if length == 4 { return .http }
        return (bytes[4] | 0x20) == UInt8(ascii: "s") ? .https : .other
    }

    // MARK: Taken as written

    /// Whether bytes without a scheme are a relative reference iOS reads as written: only
    /// plain characters (`URLBytes`), and no `:` that could start a port or a scheme (one scan).
    @inline(__always) package static func isPlainRelative(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        URLBytes.scan(bytes, from: 0) == .plain
    }

    /// A scheme, then only characters every part allows (`%XX` escapes included), no `[`,
    /// `]` or `@` (addresses and user names need the full cut), at most one `#`, and an
    /// authority's port of digits only.
    @usableFromInline package static func isAsWritten(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let web = webHead(bytes) { return webProof(bytes, authority: web.authority) }
        // Proved plain sixteen bytes at a time, then only the scheme and the authority's
        // port are walked.
        if URLBytes.isPlainAndFlat(bytes) { return hasSchemeAndNumericPort(bytes) }
        return walked(bytes)
    }

    /// `http` or `https`, and where the authority starts, when the bytes start `http://` or
    /// `https://` and hold at least sixteen more (what `URLBytes.scan` reads at once).
    @inline(__always)
    private static func webHead(_ bytes: UnsafeBufferPointer<UInt8>) -> (scheme: Scheme, authority: Int)? {
        guard bytes.count >= 24 else { return nil }
        let head = KeyBytes.head(bytes, from: 0, length: 8)
        if head == httpsHead { return (.https, 8) }
        if head & 0x00FF_FFFF_FFFF_FFFF == httpHead { return (.http, 7) }
        return nil
    }

    /// `isAsWritten` of a URL `webHead` named, whose authority starts at `authority`: the
    /// head is plain, so the rest is scanned, and a port is looked for only when it holds a `:`.
    @inline(__always) private static func webProof(_ bytes: UnsafeBufferPointer<UInt8>, authority: Int) -> Bool {
        switch URLBytes.scan(bytes, from: authority) {
        case .plain: return true
        case .plainWithColon: return hasNumericPort(bytes, authority: authority)
        case .notPlain: return walked(bytes)
        }
    }

    /// For bytes `URLBytes.isPlainAndFlat` passed (at least sixteen): a scheme, and an
    /// authority whose port (after its first `:`) is digits.
    @inline(__always) private static func hasSchemeAndNumericPort(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard let afterScheme = afterScheme(bytes) else { return false }
        guard afterScheme + 1 < count, bytes[afterScheme] == UInt8(ascii: "/"),
              bytes[afterScheme + 1] == UInt8(ascii: "/") else { return true }
        return hasNumericPort(bytes, authority: afterScheme + 2)
    }

    /// For plain and flat bytes: whether the authority starting at `authority` has no port,
    /// or one of digits only (after its first `:`).
    private static func hasNumericPort(_ bytes: UnsafeBufferPointer<UInt8>, authority: Int) -> Bool {
        // The authority ends at the first `/` or `?` (plain and flat: no `#`, `@` or `[`).
        let (end, colon) = URLAuthorityScan.end(of: bytes, from: authority)
        guard let colon else { return true }
        var port = colon + 1
        while port < end {
            guard bytes[port] >= UInt8(ascii: "0"), bytes[port] <= UInt8(ascii: "9") else { return false }
            port += 1
        }
        return true
    }

    /// `https://` and `http://` as the words `KeyBytes.head` reads.
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
            return index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
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
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
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

extension URLFirstLook {
    /// `isAsWritten` of a URL given as text.
    package static func isAsWritten(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { isAsWritten($0) }
    }
}

extension JSONValue {
    /// `URLFirstLook.look` of the URL held in this string; nil for other values.
    @inlinable package var urlFirstLook: (scheme: URLFirstLook.Scheme, proof: URLFirstLook.Proof)? {
        withStringBytes { URLFirstLook.look($0) }
    }

    /// `URLFirstLook.isAsWritten` of the URL held in this string; nil for other values.
    @inlinable package var urlIsAsWritten: Bool? {
        withStringBytes { URLFirstLook.isAsWritten($0) }
    }

    /// `URLFirstLook.isProvedAsWritten` of the URL held in this string; nil for other values.
    @inlinable package var urlIsProvedAsWritten: Bool? {
        withStringBytes { URLFirstLook.isProvedAsWritten($0) }
    }

    /// The string's bytes, decoded; nil for other values.
    @inlinable package var stringByteArray: [UInt8]? {
        withStringBytes { Array($0) }
    }
}
