import InboxCore

/// IK301: a URL the SDK loads or opens has no scheme.
public struct NoScheme: MessageRule {
    public init() {}
    /// It looks only at messages with such a URL site.
    public static let needs: MessageFacts = [.noSchemeURL]
    public let description = RuleDescription(
        code: "IK301", severity: .warning, title: "URL without a scheme",
        explanation: """
            A URL needs a scheme (`https://`, or an app scheme such as `myapp://`) for iOS to \
            load or open it. Images, slide images and video posters without one are not \
            loaded, and the card shows an empty area. SDK 7.0 even turns a button `url` \
            without a scheme into an open-URL button whose tap does nothing (newer SDKs make it \
            a custom button, see IK605). Slide links, videos and passes without a scheme are \
            reported by IK403, IK501 and IK503.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "cdn.example.com/spring.png", "inbox_days": 3}"#),
            RuleExample(#"{"ios_title": "Order shipped", "content": "Arrives Thursday", "inbox_days": 3, "data": {"buttons": [{"title": "Track", "url": "track.example.com/4821"}]}}"#,
                        profile: .v7_0),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring.png", "inbox_days": 3}"#),
            RuleExample(#"{"ios_title": "Order shipped", "content": "Arrives Thursday", "inbox_days": 3, "data": {"buttons": [{"title": "Track", "url": "https://track.example.com/4821"}]}}"#,
                        profile: .v7_0),
        ],
        fix: RuleFix(.unsafe, "Adds https:// in front of a URL that starts with a host name (a guess: the site may need http or an app scheme).",
                     before: RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "cdn.example.com/spring.png", "inbox_days": 3}"#),
                     after: #"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring.png", "inbox_days": 3}"#))

    /// The roles this rule speaks for (links of slides have their own rule).
    private static func covers(_ role: URLSite.Role) -> Bool {
        switch role {
        case .image, .slideImage, .poster, .button: return true
        case .slideLink, .video, .walletPass: return false
        }
    }

    /// The URL with `https://` in front, when it starts with what looks like a host name
    /// (`cdn.example.com/…`, or `//cdn.example.com/…`); nil for anything else, such as a
    /// file name (`banner.png`), whose "host" ends in a file extension.
    static func withHTTPS(_ value: JSONValue) -> Fix? {
        guard let url = value.string else { return nil }
        let rest = url.hasPrefix("//") ? String(url.dropFirst(2)) : url
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let topLevel = host.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard host.contains("."), !host.hasPrefix("."), !host.hasSuffix("."), !fileExtensions.contains(topLevel),
              host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":" }),
              !rest.contains(where: \.isWhitespace) else { return nil }
        var edits = JSONEdits()
        edits.replace(value, withString: "https://" + rest)
        return edits.fix(.unsafe)
    }

    /// Endings of file names that are no top-level domain a marketer's CDN uses.
    private static let fileExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "heic", "mp4", "mov", "m4v",
                                                      "pkpass", "html", "htm", "json", "pdf"]

    public func check(message: InspectedMessage, into report: inout Report) {
        let sites = message.resolution.urlSites
        // The scheme is asked as its mark: `scheme` made a String for each site.
        for index in sites.indices where sites[index].used && sites[index].schemeMark == .none && Self.covers(sites[index].role) {
            let site = sites[index]
            if site.role == .button {
                report.add(description, at: site.value, """
                    \(site.role.staticName) \(quoted: site.value) has no scheme such as https://, so iOS cannot \
                    open it: \(sdkOf: message) still makes it an open-URL button and \
                    \(site.role.staticFailure); newer SDKs make it a custom button
                    """, fix: Self.withHTTPS(site.value))
            } else {
                report.add(description, at: site.value, """
                    \(site.role.staticName) \(quoted: site.value) has no scheme such as https://, so iOS cannot \
                    load it and \(site.role.staticFailure)
                    """, fix: Self.withHTTPS(site.value))
            }
        }
    }
}
