import InboxCore

/// Which button `url` values a release turns into an `openURL` action (BEHAVIOUR §6, step 2).
public enum ButtonURLRule: String, Sendable {
    /// SDK 7.0: any non-empty string, even without a scheme (it then fails to open).
    case anyNonEmpty = "any non-empty url"
    /// SDK 7.1 and later: a non-empty string that starts with an RFC 3986 scheme and that
    /// iOS's `URL(string:)` accepts.
    case scheme = "a url with a scheme"

    public func accepts(_ url: String) -> Bool {
        switch self {
        case .anyNonEmpty: return !url.isEmpty
        case .scheme: return URLScheme.of(url) != nil && URLReading.of(url).isAccepted
        }
    }
}

extension ButtonURLRule {
    /// `accepts` of a `url` member, read from its bytes (false for non-strings): every
    /// button's url is judged, and only an accepted one is decoded.
    func accepts(_ value: JSONValue) -> Bool {
        switch self {
        case .anyNonEmpty: return value.isNonEmptyString
        case .scheme: return SchemeMark.of(value).isUsable
        }
    }
}
