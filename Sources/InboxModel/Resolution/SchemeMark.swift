/// A URL's scheme as the resolution keeps it for each URL site and slide link: `http` and
/// `https` (nearly every URL) by name, any other only as "there is one", read again from
/// the URL when asked (rare: reported schemes, `myapp:`, `javascript:`).
///
/// A one-byte enum instead of a `String?`: the site and slide lists of every message are
/// built and freed, and an element holding a string has to be visited to be destroyed,
/// where a list of plain values is freed in one call.
enum SchemeMark: UInt8, Equatable, Sendable {
    case none
    case http
    case https
    case other

    /// The mark of the URL held in a JSON string (`none` for non-strings), read from its
    /// bytes as `URLScheme.of` reads them.
    static func of(_ value: JSONValue) -> SchemeMark {
        value.withStringBytes { of(bytes: $0) } ?? .none
    }

    static func of(bytes: UnsafeBufferPointer<UInt8>) -> SchemeMark {
        // The lowercase `https:` / `http:` every usual URL starts with, without a String.
        if bytes.count >= 5, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "t"),
           bytes[2] == UInt8(ascii: "t"), bytes[3] == UInt8(ascii: "p") {
            if bytes[4] == UInt8(ascii: ":") { return .http }
            if bytes.count >= 6, bytes[4] == UInt8(ascii: "s"), bytes[5] == UInt8(ascii: ":") { return .https }
        }
        switch URLScheme.of(bytes: bytes) {
        case nil: return .none
        case "http": return .http
        case "https": return .https
        default: return .other
        }
    }

    /// `URLScheme.of` of the URL held in `value`, the string this mark was read from.
    func name(in value: JSONValue?) -> String? {
        switch self {
        case .none: return nil
        case .http: return "http"
        case .https: return "https"
        case .other: return value.flatMap { URLScheme.of($0) }
        }
    }
}
