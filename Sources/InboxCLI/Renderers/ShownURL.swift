import InboxModel
import InboxCore

/// URLs as the outputs show them: the URL the SDK opens or loads (iOS's `absoluteString`,
/// `URLReading`), and in JSON what was written beside it when the two differ; credential
/// query parameters masked in both.
enum ShownURL {
    /// The effective URL of `url`.
    static func text(_ url: String) -> String { Redaction.maskingCredentials(URLReading.effectiveURL(url)) }

    /// `key` with the effective URL, then `keyAsWritten` when it differs (`url`, then
    /// `urlAsWritten`); `key` with null for no URL.
    static func json(_ key: String, _ url: String?) -> [(String, JSONOut)] {
        guard let url else { return [(key, .null)] }
        let effective = URLReading.effectiveURL(url)
        guard effective != url else { return [(key, .url(url))] }
        return [(key, .url(effective)), (key + "AsWritten", .url(url))]
    }
}
