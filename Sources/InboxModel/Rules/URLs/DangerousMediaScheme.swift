/// IK303: media or a slide link with a `file:`, `data:` or `javascript:` URL.
public struct DangerousMediaScheme: MessageRule {
    public init() {}
    /// It looks only at messages with such a URL site.
    public static let needs: MessageFacts = [.otherSchemeMedia]
    public let description = RuleDescription(
        code: "IK303", severity: .error, title: "file:, data: or javascript: URL",
        explanation: """
            A payload must not point the app at local files (`file:`), inline data (`data:`) \
            or scripts (`javascript:`): such URLs are a security problem, not just a mistake. \
            The SDK refuses them for videos and passes (the card then degrades); for images and \
            slide links they must never be sent. Button URLs are checked by IK609.
            """,
        triggers: [RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": {"url": "file:///var/mobile/clip.mp4"}}}"#)],
        passes: [RuleExample(#"{"ios_title": "Watch the reveal", "content": "Tap to play", "inbox_days": 3, "data": {"displayType": "video", "video": {"url": "https://cdn.example.com/clip.mp4"}}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        let sites = message.resolution.urlSites
        // The site's scheme mark first: `scheme` is a String made (and released) for each
        // site, and an http(s) URL, nearly every one, is never dangerous.
        for index in sites.indices where sites[index].role != .button && sites[index].schemeMark == .other
            && URLScheme.mayStartDangerous(sites[index].value) {
            guard let scheme = sites[index].scheme, URLScheme.isDangerous(scheme) else { continue }
            let site = sites[index]
            let outcome: StaticString = site.used ? "never send it" : "the SDK refuses it"
            report.add(description, at: site.value, """
                \(site.role.staticName) uses the \(scheme): scheme, which loads local files or runs code from a \
                payload, a security risk; \(outcome), use an https:// URL instead
                """)
        }
    }
}
