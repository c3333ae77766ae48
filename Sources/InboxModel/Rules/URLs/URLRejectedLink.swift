import InboxCore

/// IK306: a link iOS rejects (button or slide url): the link is lost, the rest still shows.
public struct URLRejectedLink: MessageRule {
    public init() {}
    /// It looks only at messages with a URL that is not plain (rejected ones included).
    public static let needs: MessageFacts = [.unplainURL]
    public let description = RuleDescription(
        code: "IK306", severity: .warning, title: "Link rejected by iOS",
        explanation: """
            The SDK opens a button's or a slide's `url` only when iOS's `URL(string:)` accepts \
            it. iOS repairs spaces and non-ASCII letters in the path, but rejects a URL whose \
            host holds a space or a stray `%`, or whose port is not a number \
            (`https://exa mple.com`, `http://shop.example.com:80a`). A rejected button url \
            makes the button custom (a tap only reaches the app's delegate); a rejected slide \
            url is dropped and a tap runs the message's default action.
            """,
        triggers: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Claim", "url": "https://shop.example .com/promo"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Claim", "url": "https://shop.example.com/spring promo"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        for (site, reason) in message.resolution.rejectedSites(where: { $0 == .button || $0 == .slideLink }) {
            let role = site.role
            let outcome: StaticString = role == .button
                ? "the button becomes custom: a tap opens nothing and only reaches the app's delegate"
                : "the slide keeps no link: a tap runs the message's default action"
            report.add(description, at: site.value, """
                \(role.staticName) \(quoted: site.value) is rejected by iOS (\(reason.reason)), so \(outcome); \
                fix the URL
                """)
        }
    }
}
