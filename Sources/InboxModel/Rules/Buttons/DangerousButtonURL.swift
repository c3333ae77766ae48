/// IK609: a button `url` with a `javascript:`, `data:` or `file:` scheme.
public struct DangerousButtonURL: MessageRule {
    public init() {}
    /// It looks only at the buttons kept.
    public static let needs: MessageFacts = [.buttons]
    public let description = RuleDescription(
        code: "IK609", severity: .error, title: "Dangerous button URL",
        explanation: """
            A button `url` with the `javascript:`, `data:` or `file:` scheme runs code or \
            reads local files instead of opening a page. It is never a legitimate link in a \
            push payload; use an https:// URL or an app link.
            """,
        triggers: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Claim", "url": "javascript:alert(document.cookie)"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Claim", "url": "https://example.com/promo"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        let buttons = message.resolution.buttons.buttons
        for index in buttons.indices {
            // The scheme is read from the bytes (a dangerous one starts with j, d or f): the
            // URL is decoded only for a finding.
            guard let value = buttons[index].urlValue, URLScheme.mayStartDangerous(value),
                  let url = value.string, let scheme = URLScheme.dangerousScheme(of: url) else { continue }
            let button = buttons[index]
            let effect: Phrase = button.action.kind == .openURL
                ? "\(sdkOf: message) would open it on tap"
                : "the app's delegate receives it in the custom payload"
            report.add(description, at: value, """
                button \(quoted: button.title) has a \(scheme): url, which runs code or reads local \
                files; never send it: \(effect)
                """)
        }
    }
}
