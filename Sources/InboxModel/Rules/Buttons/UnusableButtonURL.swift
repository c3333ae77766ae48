/// IK605: a button `url` the SDK cannot open, so the button falls to `custom`.
public struct UnusableButtonURL: MessageRule {
    public init() {}
    /// It looks only at the buttons kept.
    public static let needs: MessageFacts = [.buttons]
    public let description = RuleDescription(
        code: "IK605", severity: .warning, title: "Button url unusable",
        explanation: """
            A button opens its `url` only when it is a non-empty string with a scheme \
            (`https://`, `myapp://`); SDK 7.0 takes any non-empty string. Otherwise the button \
            becomes a custom button: nothing opens, and the app's delegate receives the button \
            object (including the `url`) to handle itself.
            """,
        triggers: [RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Claim", "url": "example.com/promo"}]}}"#)],
        passes: [
            RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Claim", "url": "https://example.com/promo"}]}}"#),
            RuleExample(#"{"ios_title": "New promo", "content": "Tap to claim", "inbox_days": 3, "data": {"buttons": [{"title": "Claim", "url": "example.com/promo"}]}}"#,
                        profile: .v7_0),
        ])

    public func check(message: InspectedMessage, into report: inout Report) {
        let buttons = message.resolution.buttons.buttons
        for index in buttons.indices where buttons[index].decision == .fallback {
            // IK306 reports a url iOS rejects.
            guard let value = buttons[index].urlValue, !value.isNull, buttons[index].urlScheme != .rejected else { continue }
            let title = buttons[index].title
            if value.isEmptyString {
                report.add(description, at: value, """
                    button \(quoted: title) has an empty url; \(sdkOf: message) cannot open it and makes the \
                    button custom, so a tap opens nothing and only reaches the app's delegate
                    """)
            } else if value.kind == .string {
                report.add(description, at: value, """
                    button \(quoted: title) has url \(quoted: value) without a scheme such as https://; \
                    \(sdkOf: message) cannot open it and makes the button custom, so a tap opens nothing \
                    and only reaches the app's delegate
                    """)
            } else {
                report.add(description, at: value, """
                    button \(quoted: title) has a url that is \(describing: value), not text; \
                    \(sdkOf: message) cannot open it and makes the button custom, so a tap opens nothing \
                    and only reaches the app's delegate
                    """)
            }
        }
    }
}
