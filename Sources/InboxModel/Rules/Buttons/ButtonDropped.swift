/// IK603: a `buttons` element the SDK drops (not an object, no usable title).
public struct ButtonDropped: MessageRule {
    public init() {}
    /// It looks only at the buttons dropped.
    public static let needs: MessageFacts = [.droppedButtons]
    public let description = RuleDescription(
        code: "IK603", severity: .warning, title: "Button dropped",
        explanation: """
            Each button must be an object with a non-empty string `title`, the label the \
            reader sees. Any other element is dropped and the remaining buttons move up.
            """,
        triggers: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"label": "Claim", "url": "https://example.com/promo"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Claim", "url": "https://example.com/promo"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard !message.resolution.buttons.dropped.isEmpty else { return }
        for dropped in message.resolution.buttons.dropped {
            let source = dropped.source
            switch dropped.reason {
            case .notAnObject:
                report.add(description, at: source, """
                    button is \(describing: source), not a button object; \(sdkOf: message) drops it and shows the \
                    other buttons
                    """)
            case .noTitle:
                report.add(description, at: source, "button has no title; \(sdkOf: message) drops it and shows the other buttons")
            case .titleNotAString:
                report.add(description, at: source, """
                    button has a title that is \(describing: source["title"] ?? source), not text; \(sdkOf: message) \
                    drops it and shows the other buttons
                    """)
            case .emptyTitle:
                report.add(description, at: source,
                           "button has an empty title; \(sdkOf: message) drops it and shows the other buttons")
            }
        }
    }
}
