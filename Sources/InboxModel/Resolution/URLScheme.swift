import InboxCore

/// The scheme check of BEHAVIOUR §5, written by hand on purpose: Foundation's URL parsing
/// differs between platforms and accepts things the SDK does not. A URL "has a scheme"
/// when it starts with `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"` (RFC 3986 §3.1).
public enum URLScheme {
    /// The scheme of `url`, lowercased (schemes compare case-insensitively, so
    /// `HTTPS://` is https); nil when `url` does not start with one. Leading whitespace
    /// is not skipped: the SDK does not trim either.
    public static func of(_ url: String) -> String? {
        url.withUTF8Span { of(bytes: $0) }
    }

    /// The scheme of a URL held in a JSON string, read from its bytes without building
    /// the String (nil for non-strings too): every URL of every message is checked.
    static func of(_ value: JSONValue) -> String? {
        value.withStringSpan { of(bytes: $0) } ?? nil
    }

    /// `of(_:)` on the URL's UTF-8. Builds the result from the bytes directly (a short
    /// scheme is a small string, stored inline).
    static func of(bytes: Span<UInt8>) -> String? {
        // Nearly every URL starts with a lowercase `https:` or `http:`: answered with a
        // constant, before the general scan.
        if bytes.count >= 5, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "t"),
           bytes[2] == UInt8(ascii: "t"), bytes[3] == UInt8(ascii: "p") {
            if bytes[4] == UInt8(ascii: ":") { return "http" }
            if bytes.count >= 6, bytes[4] == UInt8(ascii: "s"), bytes[5] == UInt8(ascii: ":") { return "https" }
        }
        var hasUppercase = false
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"):
                continue
            case UInt8(ascii: "A") ... UInt8(ascii: "Z"):
                hasUppercase = true
            case UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard index > 0 else { return nil }
            case UInt8(ascii: ":"):
                guard index > 0 else { return nil }
                let scheme = bytes.extracting(..<index)
                // ASCII by construction, so it needs no second validation.
                guard hasUppercase else { return ValidatedString.make(scheme) }
                // Only ASCII letters, digits and + - . are left: setting 0x20 lowercases letters.
                return String(decoding: scheme.indices.map { (0x41 ... 0x5A).contains(scheme[$0]) ? scheme[$0] | 0x20 : scheme[$0] },
                              as: UTF8.self)
            default:
                return nil
            }
        }
        return nil
    }

    /// `http` or `https`: the only schemes media, videos and passes load from.
    public static func isWeb(_ url: String) -> Bool {
        guard let scheme = of(url) else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// `isWeb` of a URL held in a JSON string, read from its bytes.
    static func isWeb(_ value: JSONValue) -> Bool {
        guard let scheme = of(value) else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// Whether `scheme` (lowercased) runs code or reads local files when loaded (IK303,
    /// IK609): javascript, data and file. Compared directly: every URL of every message
    /// is asked.
    public static func isDangerous(_ scheme: String) -> Bool {
        scheme == "javascript" || scheme == "data" || scheme == "file"
    }

    /// The dangerous scheme of `url`, when it has one.
    public static func dangerousScheme(of url: String) -> String? {
        guard let scheme = of(url), isDangerous(scheme) else { return nil }
        return scheme
    }
}

/// Quick tests before `URLScheme.isDangerous` (IK303, IK609), which compares a scheme with
/// three Strings: every URL of every message is asked, and the three dangerous schemes
/// (javascript, data, file) all start with a letter that almost no real scheme does.
extension URLScheme {
    /// Whether `scheme` (lowercased, as `URLScheme.of` gives it) can be a dangerous one.
    @inline(__always)
    static func mayBeDangerous(_ scheme: String?) -> Bool {
        guard let first = scheme?.utf8.first else { return false }
        return startsDangerous(first)
    }

    /// Whether the URL held in `value` can have a dangerous scheme, from its first byte in
    /// either case; a string with escapes is let through, to be decoded.
    @inline(__always)
    static func mayStartDangerous(_ value: JSONValue) -> Bool {
        guard value.kind == .string else { return false }
        guard let first = value.firstRawStringByte else { return true }
        return startsDangerous(first | 0x20)
    }

    @inline(__always)
    private static func startsDangerous(_ lowercaseByte: UInt8) -> Bool {
        lowercaseByte == UInt8(ascii: "j") || lowercaseByte == UInt8(ascii: "d") || lowercaseByte == UInt8(ascii: "f")
    }
}
