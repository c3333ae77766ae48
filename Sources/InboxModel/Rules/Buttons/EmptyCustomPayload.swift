/// IK607: a custom button whose payload is empty, leaving the app nothing to act on.
public struct EmptyCustomPayload: MessageRule {
    public init() {}
    /// It looks only at the buttons kept.
    public static let needs: MessageFacts = [.buttons]
    public let description = RuleDescription(
        code: "IK607", severity: .warning, title: "Custom button with an empty payload",
        explanation: """
            A custom button hands the app's delegate the button object minus `title` and \
            `action`. When nothing else is in it, the app cannot tell this button from any \
            other and the tap does nothing useful. Add a key agreed with the developers, such \
            as `"tag": "save_promo"`.
            """,
        triggers: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to save", "inbox_days": 3, "data": {"buttons": [{"title": "Save", "action": "custom"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to save", "inbox_days": 3, "data": {"buttons": [{"title": "Save", "action": "custom", "tag": "save_promo"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        let buttons = message.resolution.buttons.buttons
        for index in buttons.indices where Self.mayReport(buttons, index) {
            let button = buttons[index]
            report.add(description, at: button.source, """
                button \(quoted: button.title) is custom but carries nothing besides its title; \
                the app's delegate receives an empty payload and cannot tell what to do
                """)
        }
    }

    /// Whether button `index` is reported.
    @inline(__always)
    private static func mayReport(_ buttons: ResolvedList<Button>, _ index: Int) -> Bool {
        guard case .custom(let payload) = buttons[index].action else { return false }
        return payload.isEmpty
    }
}
