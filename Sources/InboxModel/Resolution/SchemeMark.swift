import InboxCore

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
    /// bytes as `URLScheme.of` reads them (`rejected` when iOS rejects the URL).
    static func of(_ value: JSONValue) -> SchemeMark {
        reading(value).mark
    }

    /// The mark of the URL held in a JSON string, with whether iOS takes it as written
    /// (`JSONValue.isTakenAsWritten`), which the mark's reading proves for the usual URL anyway.
    static func reading(_ value: JSONValue) -> Reading {
        guard let look = value.urlFirstLook else { return (.none, true) }
        let mark = SchemeMark(look.scheme)
        switch look.proof {
        case .asWritten: return (mark, true)
        case .notAsWritten: return (mark, false)
        case .unproved:
            // A URL with a scheme must also be one iOS accepts: the full reading decides.
            let accepted = value.stringByteArray.map { URLRepair.read($0).isAccepted } ?? false
            return (accepted ? mark : .rejected, false)
        }
    }

    init(_ scheme: URLFirstLook.Scheme) {
        switch scheme {
        case .none: self = .none
        case .http: self = .http
        case .https: self = .https
        case .other: self = .other
        }
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
