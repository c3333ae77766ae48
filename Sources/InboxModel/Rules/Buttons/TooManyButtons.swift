/// IK602: more than three inline buttons.
public struct TooManyButtons: MessageRule {
    public init() {}
    /// It looks only at the buttons kept.
    public static let needs: MessageFacts = [.buttons]
    public let description = RuleDescription(
        code: "IK602", severity: .warning, title: "More than 3 buttons",
        explanation: """
            A card has room for up to three inline buttons; the guides document no more. The \
            SDK decodes every button, but a fourth one crowds the row and may be cut off on \
            small screens. Keep to three.
            """,
        triggers: [RuleExample(#"{"ios_title": "New promo", "content": "Pick one", "inbox_days": 3, "data": {"buttons": [{"title": "One", "action": "markRead"}, {"title": "Two", "action": "dismiss"}, {"title": "Three", "url": "https://example.com/3"}, {"title": "Four", "url": "https://example.com/4"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New promo", "content": "Pick one", "inbox_days": 3, "data": {"buttons": [{"title": "One", "action": "markRead"}, {"title": "Two", "action": "dismiss"}, {"title": "Three", "url": "https://example.com/3"}, {"url": "https://example.com/no-title"}]}}"#)])

    static let limit = 3

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.resolution.buttons.buttons.count > Self.limit else { return }
        let buttons = message.resolution.buttons.buttons
        report.add(description, at: buttons[Self.limit].source, """
            \(buttons.count) buttons where a card has room for \(Self.limit); the buttons from here on crowd \
            the row and may be cut off; keep to \(Self.limit)
            """)
    }
}
