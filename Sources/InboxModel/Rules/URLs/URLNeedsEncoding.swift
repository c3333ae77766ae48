/// IK304: a URL with spaces or other characters that must be percent-encoded.
public struct URLNeedsEncoding: MessageRule {
    public init() {}
    /// It looks only at messages with such a URL site.
    public static let scope = MessageScope.unplainURL
    public let description = RuleDescription(
        code: "IK304", severity: .warning, title: "URL needs percent-encoding",
        explanation: """
            iOS reads URLs strictly: a space, a line break, a non-ASCII letter, one of \
            `" < > \\ ^ { | }` or a backtick must be percent-encoded (`%20` for a space), \
            and a `%` must start such an escape. Otherwise the URL cannot be read at all and \
            the image, video, pass or link silently fails.
            """,
        triggers: [RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring sale.png", "inbox_days": 3}"#)],
        passes: [RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring%20sale.png", "inbox_days": 3}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        // Conditions are read from the array in place: binding each element first would copy
        // (retain) all of its fields for every element of every message.
        let sites = message.resolution.urlSites
        // Most URLs are proved plain sixteen bytes at a time; the rest are looked at exactly.
        for index in sites.indices where sites[index].used && !URLBytes.isPlain(sites[index].value) {
            let problems = sites[index].characterProblems
            guard !problems.isEmpty else { continue }
            let site = sites[index]
            report.add(description, at: site.value, """
                \(site.role.rawValue) \(quoted: site.value) contains \(list: problems); \
                iOS cannot read such a URL, so \(site.role.staticFailure); percent-encode it (%20 for a space)
                """)
        }
    }
}
