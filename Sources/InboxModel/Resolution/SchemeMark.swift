import InboxCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A URL's scheme as the resolution keeps it for each URL site and slide link: `http` and
/// `https` (nearly every URL) by name, any other only as "there is one", read again from
/// the URL when asked (rare: reported schemes, `myapp:`, `javascript:`).
///
/// A one-byte enum instead of a `String?`, so the site and slide lists, built for every
/// message, hold plain values and are freed in one call.
enum SchemeMark: UInt8, Equatable, Sendable {
    case none
    case http
    case https
    case other
    /// A scheme is written, but iOS's `URL(string:)` returns nil for the URL (`URLReading`):
    /// the SDK treats it as absent.
    case rejected

    /// A URL's mark and whether iOS takes it as written, as a decoding reads them once and
    /// hands them on to the URL site.
    typealias Reading = (mark: SchemeMark, isAsWritten: Bool)

    /// A URL the SDK can open or load: it has a scheme and iOS accepts it.
    var isUsable: Bool { self == .http || self == .https || self == .other }

    /// The mark of the URL held in a JSON string (`none` for non-strings), read from its
    /// bytes as `URLScheme.of` reads them.
    static func of(_ value: JSONValue) -> SchemeMark {
        value.withStringBytes { of(bytes: $0) } ?? .none
    }

    static func of(bytes: UnsafeBufferPointer<UInt8>) -> SchemeMark {
        reading(bytes: bytes).mark
    }

    /// The mark of the URL held in a JSON string, with whether iOS takes it as written
    /// (`JSONValue.isTakenAsWritten`), which the mark's reading proves for the usual URL anyway.
    static func reading(_ value: JSONValue) -> Reading {
        value.withStringBytes { reading(bytes: $0) } ?? (.none, true)
    }

    static func reading(bytes: UnsafeBufferPointer<UInt8>) -> Reading {
        let mark = schemeOnly(bytes)
        // Without a scheme (the SDK uses no such URL), plain bytes and no `:` read as a
        // relative reference, which iOS keeps as written.
        guard mark != .none else { return (.none, isPlainRelative(bytes)) }
        // A URL with a scheme must also be one iOS accepts; a plain one is proved so in one scan.
        if URLFastPath.isAsWritten(bytes) { return (mark, true) }
        return (URLRepair.read(Array(bytes)).isAccepted ? mark : .rejected, false)
    }

    /// Whether bytes without a scheme are a relative reference iOS reads as written: only
    /// plain characters (`URLBytes`), and no `:` that could start a port or a scheme.
    static func isPlainRelative(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard URLBytes.isPlainAndFlat(bytes), let base = bytes.baseAddress else { return false }
        return memchr(base, Int32(UInt8(ascii: ":")), bytes.count) == nil
    }

    /// The mark of the scheme alone, whether or not iOS accepts the rest.
    private static func schemeOnly(_ bytes: UnsafeBufferPointer<UInt8>) -> SchemeMark {
        // The lowercase `https:` / `http:` every usual URL starts with, without a String.
        if bytes.count >= 5, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "t"),
           bytes[2] == UInt8(ascii: "t"), bytes[3] == UInt8(ascii: "p") {
            if bytes[4] == UInt8(ascii: ":") { return .http }
            if bytes.count >= 6, bytes[4] == UInt8(ascii: "s"), bytes[5] == UInt8(ascii: ":") { return .https }
        }
        return scanned(bytes)
    }

    /// The general case of `of(bytes:)`: the scan of `URLScheme.of(bytes:)` (a letter, then
    /// letters, digits, `+`, `-` or `.`, up to a `:`), without building the scheme as a
    /// String: the URLs that come here (`HTTPS:`, `myapp:`, a host without a scheme) are
    /// only compared with two names.
    @inline(never)
    static func scanned(_ bytes: UnsafeBufferPointer<UInt8>) -> SchemeMark {
        // A scheme ends at the first `:`, so a URL without one has none: the usual URL that
        // comes here (a host without a scheme, `cdn.example.com/a.png`) is answered by one
        // `memchr`, not a byte-by-byte scan up to its first `/`.
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
        // Every byte before the colon may be in a scheme.
        guard end > 0 else { return .none }
        return end == 4 || end == 5 ? webMark(bytes, length: end) : .other
    }

    /// The mark of a scheme of four or five bytes (letters, digits, `+`, `-`, `.`): `http`
    /// and `https` in any case, else `other`. Setting 0x20 lowercases a letter and leaves
    /// the other bytes a scheme may hold as they are (they have it set), so only `H`/`h`
    /// becomes `h`, and so on.
    private static func webMark(_ bytes: UnsafeBufferPointer<UInt8>, length: Int) -> SchemeMark {
        guard (bytes[0] | 0x20) == UInt8(ascii: "h"), (bytes[1] | 0x20) == UInt8(ascii: "t"),
              (bytes[2] | 0x20) == UInt8(ascii: "t"), (bytes[3] | 0x20) == UInt8(ascii: "p") else { return .other }
        if length == 4 { return .http }
        return (bytes[4] | 0x20) == UInt8(ascii: "s") ? .https : .other
    }

    /// `URLScheme.of` of the URL held in `value`, the string this mark was read from.
    func name(in value: JSONValue?) -> String? {
        switch self {
        case .none: return nil
        case .http: return "http"
        case .https: return "https"
        case .other, .rejected: return value.flatMap { URLScheme.of($0) }
        }
    }
}
