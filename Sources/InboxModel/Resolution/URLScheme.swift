/// The scheme check of SPEC §5, written by hand on purpose: Foundation's URL parsing
/// differs between platforms and accepts things the SDK does not. A URL "has a scheme"
/// when it starts with `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"` (RFC 3986 §3.1).
public enum URLScheme {
    /// The scheme of `url`, lowercased (schemes compare case-insensitively, so
    /// `HTTPS://` is https); nil when `url` does not start with one. Leading whitespace
    /// is not skipped: the SDK does not trim either.
    public static func of(_ url: String) -> String? {
        // Measured first, then built in place: no scratch array, and a scheme of up to 15
        // bytes is a small string, so the common case allocates nothing. Every URL of
        // every message is checked.
        var length = 0
        var found = false
        scan: for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"):
                length += 1
            case UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard length > 0 else { return nil }
                length += 1
            case UInt8(ascii: ":"):
                guard length > 0 else { return nil }
                found = true
                break scan
            default:
                return nil
            }
        }
        guard found else { return nil }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var index = 0
            for byte in url.utf8.prefix(length) {
                // Only ASCII letters, digits and + - . are left: setting 0x20 lowercases letters.
                buffer[index] = (UInt8(ascii: "A") ... UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                index += 1
            }
            return length
        }
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
