/// The scheme check of SPEC §5, written by hand on purpose: Foundation's URL parsing
/// differs between platforms and accepts things the SDK does not. A URL "has a scheme"
/// when it starts with `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"` (RFC 3986 §3.1).
public enum URLScheme {
    /// The scheme of `url`, lowercased (schemes compare case-insensitively, so
    /// `HTTPS://` is https); nil when `url` does not start with one. Leading whitespace
    /// is not skipped: the SDK does not trim either.
    public static func of(_ url: String) -> String? {
        var scheme: [UInt8] = []
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"):
                scheme.append(byte)
            case UInt8(ascii: "A") ... UInt8(ascii: "Z"):
                scheme.append(byte | 0x20)
            case UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard !scheme.isEmpty else { return nil }
                scheme.append(byte)
            case UInt8(ascii: ":"):
                return scheme.isEmpty ? nil : String(decoding: scheme, as: UTF8.self)
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

    /// Schemes that run code or read local files when loaded (IK303, IK609).
    public static let dangerous: Set<String> = ["javascript", "data", "file"]

    /// The dangerous scheme of `url`, when it has one.
    public static func dangerousScheme(of url: String) -> String? {
        guard let scheme = of(url), dangerous.contains(scheme) else { return nil }
        return scheme
    }
}
