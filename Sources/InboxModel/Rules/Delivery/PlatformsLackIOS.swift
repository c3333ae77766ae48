import InboxCore

/// IK104: `platforms` given without 1 (iOS): the notification is not sent to iPhones.
public struct PlatformsLackIOS: MessageRule {
    public init() {}
    /// It looks only at the platforms of a notification, when they do not start with 1.
    public static let needs: MessageFacts = [.notification, .platforms, .platformsNotIOSFirst]
    /// The platform number of iOS in createMessage.
    public static let iOS = 1.0

    public let description = RuleDescription(
        code: "IK104", severity: .warning, title: "platforms does not include iOS (1)",
        explanation: """
            `platforms` lists the device platforms a notification is sent to, as numbers; 1 is \
            iOS. When the list is given and has no 1, iPhones and iPads never receive the \
            message, so the iOS inbox never shows it. Leave `platforms` out to send to every \
            platform, or add 1. A value that is not a list of numbers is reported too.
            """,
        triggers: [RuleExample(#"{"ios_title": "Hi", "content": "x", "inbox_days": 3, "platforms": [3, 7]}"#),
                   RuleExample(#"{"ios_title": "Hi", "content": "x", "inbox_days": 3, "platforms": "1"}"#)],
        passes: [RuleExample(#"{"ios_title": "Hi", "content": "x", "inbox_days": 3, "platforms": [1, 3]}"#),
                 RuleExample(#"{"ios_title": "Hi", "content": "x", "inbox_days": 3}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.shape == .notification, let platforms = message.platforms else { return }
        check(platforms: platforms, into: &report)
    }

    /// Whether a `platforms` element is the number 1 (`1`, `1.0`, `1e0`, …), as iOS reads it.
    /// The usual element, plain digits, is compared as an integer from its bytes: such a
    /// number is 1.0 exactly when it is 1 (up to 18 digits, all exact as Doubles near 1).
    /// Only other spellings are parsed as a Double.
    static func isIOS(_ element: JSONValue) -> Bool {
        if let whole = element.plainInteger(maxDigits: 18) { return whole == 1 }
        return element.number == iOS
    }

    /// The value's checks, out of line from the test every notification takes.
    @inline(never)
    private func check(platforms: JSONValue, into report: inout Report) {
        guard !platforms.isNull else { return }
        guard platforms.kind == .array else {
            report.add(description, at: platforms, """
                platforms is \(InboxDaysRange.kindName(platforms)), not a list of platform numbers such as [1]: \
                the notification may not be sent to iOS
                """)
            return
        }
        var hasIOS = false
        platforms.forEachElement { element in
            if !hasIOS, Self.isIOS(element) { hasIOS = true }
        }
        guard !hasIOS else { return }
        // The list as written ("3, 7"), element by element.
        var text = Phrase.StringInterpolation(literalCapacity: 120, interpolationCount: platforms.count)
        text.appendLiteral("platforms [")
        var first = true
        platforms.forEachElement { element in
            if !first { text.appendLiteral(", ") }
            first = false
            text.appendInterpolation(source: element) // numbers and any other element alike, as written
        }
        text.appendLiteral("] has no 1 (iOS): iPhones never receive this notification, so the iOS inbox never shows it")
        report.add(description, at: platforms, Phrase(stringInterpolation: text))
    }
}
