import InboxCore

/// What iOS makes of a URL string: Foundation's `URL(string:)` in apps built with the iOS 17
/// SDK or later, which the SDK calls on every URL it opens or loads (BEHAVIOUR §5 "URLs").
///
/// Written here rather than calling Foundation: the release binary links Foundation
/// statically, and a static Foundation neither converts nor checks international hosts, so
/// it would answer differently from a phone (docs/URLS.md; URLAgreementTests compares this
/// with the dynamically linked Foundation).
public enum URLReading: Equatable, Sendable {
    /// Accepted, and `absoluteString` is the string as written.
    case asWritten
    /// Accepted, and `absoluteString` differs: what the SDK really opens or loads.
    case changed(String)
    /// `URL(string:)` returns nil: the SDK treats the URL as absent.
    case rejected(URLRejection)

    /// The reading of `url`.
    public static func of(_ url: String) -> URLReading {
        reading(asWritten: URLFirstLook.isAsWritten(url), Array(url.utf8))
    }

    /// The reading of a URL held in a JSON string (nil for other values), from its bytes.
    static func of(_ value: JSONValue) -> URLReading? {
        guard let asWritten = value.urlIsAsWritten else { return nil }
        return reading(asWritten: asWritten, value.stringByteArray ?? [])
    }

    /// The reading of a URL's UTF-8 `bytes` once the quick scan has answered whether it is
    /// taken as written (nearly all are, and build nothing); the rest are cut into parts
    /// and repaired as Foundation does.
    private static func reading(asWritten: Bool, _ bytes: @autoclosure () -> [UInt8]) -> URLReading {
        asWritten ? .asWritten : URLRepair.read(bytes())
    }

    /// Whether iOS accepts the URL.
    public var isAccepted: Bool {
        if case .rejected = self { return false }
        return true
    }

    /// Why iOS rejects it, when it does.
    public var rejection: URLRejection? {
        if case .rejected(let reason) = self { return reason }
        return nil
    }

    /// The URL the SDK opens or loads for `written` (this reading's string): `written`
    /// itself unless iOS changes it; nil when iOS rejects it.
    public func effective(_ written: String) -> String? {
        switch self {
        case .asWritten: return written
        case .changed(let absolute): return absolute
        case .rejected: return nil
        }
    }
}

extension URLReading {
    /// The URL the SDK opens or loads for `url` (the URL itself when iOS rejects it, so a
    /// display always has something to show; the finding says it is not used).
    public static func effectiveURL(_ url: String) -> String {
        of(url).effective(url) ?? url
    }
}

extension JSONValue {
    /// Whether this string is a URL iOS takes exactly as written, proved by the quick scan
    /// alone (false for a URL the full reading may still take as written).
    var isTakenAsWritten: Bool {
        urlIsProvedAsWritten ?? true
    }
}
