/// IK603: a `buttons` element the SDK drops (not an object, no usable title).
public struct ButtonDropped: MessageRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK603", severity: .warning, title: "Button dropped",
        explanation: """
            Each button must be an object with a non-empty string `title`, the label the \
            reader sees. Any other element is dropped and the remaining buttons move up.
            """,
        triggers: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"label": "Claim", "url": "https://example.com/promo"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Claim", "url": "https://example.com/promo"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        for dropped in message.resolution.buttons.dropped {
            let what: Phrase
            switch dropped.reason {
            case .notAnObject: what = "is \(describing: dropped.source), not a button object"
            case .noTitle: what = "has no title"
            case .titleNotAString: what = "has a title that is \(describing: dropped.source["title"] ?? dropped.source), not text"
            case .emptyTitle: what = "has an empty title"
            }
            report.add(description, at: dropped.source,
                       "button \(what); \(sdk: message.profile) drops it and shows the other buttons")
        }
    }
}
