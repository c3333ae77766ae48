import InboxCore

/// IK302: media loaded over plain http, which App Transport Security blocks by default.
public struct PlainHTTP: MessageRule {
    public init() {}
    /// It looks only at messages with such a URL site.
    public static let needs: MessageFacts = [.plainHTTPMedia]
    public let description = RuleDescription(
        code: "IK302", severity: .warning, title: "Media over plain http",
        explanation: """
            iOS apps load media through App Transport Security, which blocks plain `http://` \
            unless the app declares an exception in its Info.plist. Images, slide images, \
            videos, posters and wallet passes served over http are then not loaded. Links that \
            buttons and slides open are handed to the system and are not affected.
            """,
        triggers: [RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "http://cdn.example.com/spring.png", "inbox_days": 3}"#)],
        passes: [RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring.png", "inbox_days": 3, "data": {"buttons": [{"title": "Open", "url": "http://example.com/spring"}]}}"#)],
        fix: RuleFix(.unsafe, "Writes https:// for http:// (a guess: the server must serve the file over https).",
                     before: RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "http://cdn.example.com/spring.png", "inbox_days": 3}"#),
                     after: #"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring.png", "inbox_days": 3}"#))

    /// The URL with its `http` scheme (any letter case) written `https`.
    static func secured(_ value: JSONValue) -> Fix? {
        guard let url = value.string, url.utf8.count > 5, url.prefix(5).lowercased() == "http:" else { return nil }
        var edits = JSONEdits()
        edits.replace(value, withString: "https:" + url.dropFirst(5))
        return edits.fix(.unsafe)
    }

    public func check(message: InspectedMessage, into report: inout Report) {
        let sites = message.resolution.urlSites
        // The scheme is compared as its mark: `scheme` made a String for each site.
        for index in sites.indices where sites[index].used && sites[index].role.isMedia && sites[index].schemeMark == .http {
            let site = sites[index]
            report.add(description, at: site.value, """
                \(site.role.staticName) \(quoted: site.value) uses plain http://; App Transport Security \
                blocks it unless the app allows insecure loads, and then \(site.role.staticFailure); use https://
                """, fix: Self.secured(site.value))
        }
    }
}
