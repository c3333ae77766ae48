/// IK608: buttons on a layout that does not draw them.
public struct ButtonsNotDrawn: MessageRule {
    public init() {}
    /// It looks only at the buttons kept.
    public static let needs: MessageFacts = [.buttons]
    public let description = RuleDescription(
        code: "IK608", severity: .warning, title: "Buttons not drawn on this layout",
        explanation: """
            Only captioned and classic cards draw inline buttons. On banner, carousel, video \
            and wallet cards the SDK decodes the buttons but never shows them.
            """,
        triggers: [RuleExample(#"{"inbox_image": "https://cdn.example.com/sale.jpg", "inbox_days": 3, "data": {"displayType": "banner", "buttons": [{"title": "Shop now", "url": "https://shop.example.com"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "Flash sale", "content": "Today only", "inbox_image": "https://cdn.example.com/sale.jpg", "inbox_days": 3, "data": {"displayType": "captioned", "buttons": [{"title": "Shop now", "url": "https://shop.example.com"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard !message.resolution.buttonsRendered, let source = message.resolution.buttons.source, !message.resolution.buttons.buttons.isEmpty else { return }
        let count = message.resolution.buttons.buttons.count
        report.add(description, at: source, """
            \(count) button\(count == 1 ? "" : "s" as StaticString) on a \(message.resolution.layout.staticName) card, which draws no buttons; \
            only captioned and classic cards show them
            """)
    }
}
