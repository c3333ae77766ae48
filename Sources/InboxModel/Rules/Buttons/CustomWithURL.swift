import InboxCore

/// IK606: `"action": "custom"` together with a `url` resolves differently across releases.
public struct CustomWithURL: MessageRule {
    public init() {}
    /// It looks only at the buttons kept.
    public static let needs: MessageFacts = [.buttons]
    public let description = RuleDescription(
        code: "IK606", severity: .warning, title: "custom action with a url differs between SDKs",
        explanation: """
            The guide (`--sdk guide`) honours `"action": "custom"` even when the button has a `url`: the \
            tap goes to the app's delegate with the payload. SDK 7.1 (and 7.0) do not know the \
            `custom` token and open the `url` instead. The same button therefore does two \
            different things depending on the app's SDK; drop the `url` or the `action`.
            """,
        triggers: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to save", "inbox_days": 3, "data": {"buttons": [{"title": "Save", "action": "custom", "url": "https://example.com/save", "tag": "save_promo"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to save", "inbox_days": 3, "data": {"buttons": [{"title": "Save", "action": "custom", "tag": "save_promo"}]}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        let buttons = message.resolution.buttons.buttons
        // A button decided by its token is custom exactly when its action is; only the
        // others are matched against "custom", and only when they have a url.
        for index in buttons.indices where Self.mayReport(buttons, index) {
            let button = buttons[index]
            guard let actionValue = button.actionValue, let url = button.url, !url.isEmpty else { continue }
            let here: Phrase
            switch button.action {
            case .openURL: here = "SDK \(message.profile.name) opens the url, while the guide hands the tap to the app as custom"
            default: here = "\(sdkOf: message) hands the tap to the app as custom, while SDK 7.1 opens the url"
            }
            report.add(description, at: actionValue,
                       "button \(quoted: button.title) has action \"custom\" and a url; \(here)")
        }
    }

    /// Whether button `index` may be reported: it has a url
    /// and its action is "custom".
    @inline(__always)
    private static func mayReport(_ buttons: ResolvedList<Button>, _ index: Int) -> Bool {
        buttons[index].urlNode >= 0
            && (buttons[index].decision == .token ? buttons[index].action.kind == .custom : isCustom(buttons[index].actionValue))
    }

    private static let customName = NameTable([(name: "custom", value: ())])

    /// Whether the action is "custom" in any case, as the SDK compares it.
    private static func isCustom(_ action: JSONValue?) -> Bool {
        guard let action, action.kind == .string else { return false }
        return CaseInsensitiveName.match(action, among: customName) != nil
    }
}
