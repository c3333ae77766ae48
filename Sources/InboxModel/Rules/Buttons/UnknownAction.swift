/// IK604: an `action` token the SDK does not know, which it ignores.
public struct UnknownAction: MessageRule {
    public init() {}
    /// It looks only at the buttons kept.
    public static let needs: MessageFacts = [.buttons]
    public let description = RuleDescription(
        code: "IK604", severity: .warning, title: "Unknown button action",
        explanation: """
            A button's `action` may be `dismiss`, `markRead` or `custom` (any letter case). \
            Any other token, or a value that is not a string, is ignored: the button opens its \
            `url` when it has a usable one, and is otherwise a custom button.
            """,
        triggers: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Read", "action": "mark_read"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Read", "action": "MARKREAD"}]}}"#)],
        fix: RuleFix(.unsafe, "Writes the action token closest to the value (a guess).",
                     before: RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Read", "action": "mark_read"}]}}"#),
                     after: #"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Read", "action": "markRead"}]}}"#))

    /// Every documented token; `custom` counts as known even where a release ignores it (IK606).
    static let tokens = ButtonActionKind.allCases.filter { $0 != .openURL }.map(\.rawValue)
    /// Whether button `index` is reported: it has an action
    /// that is not a token. A button whose action decided it matched one of the release's
    /// tokens, all of which are documented: only the others are matched again.
    @inline(__always)
    private static func mayReport(_ buttons: ResolvedList<Button>, _ index: Int) -> Bool {
        guard buttons[index].decision != .token, let value = buttons[index].actionValue else { return false }
        return !(value.kind == .string && CaseInsensitiveName.match(value, among: tokenNames) != nil)
    }

    /// `tokens` prepared for the suggestion.
    private static let preparedTokens = EditDistance.Candidates(tokens)
    /// `tokens` lowercased, for a case-insensitive match of the written action without
    /// making a lowercased copy of it for every button.
    private static let tokenNames = NameTable(tokens.map { (name: $0.lowercased(), value: ()) })

    public func check(message: InspectedMessage, into report: inout Report) {
        let buttons = message.resolution.buttons.buttons
        for index in buttons.indices where Self.mayReport(buttons, index) {
            guard let value = buttons[index].actionValue else { continue }
            let button = buttons[index]
            let what: Phrase = value.string.map { "the action \(quoted: $0)" }
                ?? "an action that is \(describing: value)"
            var text: Phrase = "button \(quoted: button.title) has \(what), "
            var fix: Fix?
            if let written = value.string, let close = EditDistance.suggestion(for: written, among: Self.preparedTokens) {
                text += "which is not an action the SDK knows (did you mean \"\(close)\"?); "
                if report.collectsFixes {
                    var edits = JSONEdits()
                    edits.replace(value, withString: close)
                    fix = edits.fix(.unsafe)
                }
            } else {
                text += "which is not one of \(list: Self.tokens.map { "\"\($0)\"" }); "
            }
            text += "\(sdkOf: message) ignores it and makes the button \(button.action.kind.rawValue)"
            report.add(description, at: value, text, fix: fix)
        }
    }
}
