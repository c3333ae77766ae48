/// IK204: no usable `displayType`, so the SDK chose the layout itself.
public struct HeuristicLayout: MessageRule {
    public init() {}
    /// It looks only at a layout the SDK chose by itself.
    public static let scope = MessageScope.heuristic
    public let description = RuleDescription(
        code: "IK204", severity: .info, title: "Layout chosen by heuristic",
        explanation: """
            Without a `displayType` the SDK picks the layout from the message: an image and no \
            title make a banner; an image and a title (the guide: and a body) make a captioned \
            card; anything else is classic. Set `displayType` to make the choice explicit, so \
            that editing the title or the image does not change the layout.
            """,
        triggers: [RuleExample(#"{"ios_title": "Weekend flash sale", "content": "30% off until Sunday", "inbox_image": "https://cdn.example.com/sale.jpg", "inbox_days": 3}"#)],
        passes: [RuleExample(#"{"ios_title": "Weekend flash sale", "content": "30% off until Sunday", "inbox_image": "https://cdn.example.com/sale.jpg", "inbox_days": 3, "data": {"displayType": "captioned"}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.resolution.requestedBy == .heuristic else { return }
        let start: StaticString = message.resolution.displayType == nil ? "no displayType" : "no displayType the SDK knows"
        let text: Phrase = """
            \(start), so \(sdkOf: message) picks the layout itself: \
            \(message.resolution.requested.staticName), because the message has \(ValueWording.heuristicFacts(message.resolution.facts))
            """
        report.add(description, at: message.message.value, consume text)
    }
}
