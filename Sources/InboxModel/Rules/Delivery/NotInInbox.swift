import InboxCore

/// IK101: a notification without `inbox_image`, `inbox_date` or `inbox_days` is a plain
/// push; it never reaches the inbox, so nothing else this tool checks will be seen.
public struct NotInInbox: MessageRule {
    public init() {}
    /// It looks only at notifications that set no inbox field.
    public static let needs: MessageFacts = [.notification, .noInboxField]
    public let description = RuleDescription(
        code: "IK101", severity: .error, title: "Not an inbox message: no inbox_image, inbox_date or inbox_days",
        explanation: """
            The platform puts a createMessage notification into the inbox only when it has at \
            least one of `inbox_image`, `inbox_date` or `inbox_days`. Without them it is \
            delivered as a regular push notification: it shows on the lock screen once and \
            never appears in the inbox feed, so its card, buttons and pinning are never drawn. \
            Add `"inbox_days": 7` (any whole number of days from 1 to 30) or an `inbox_date`. \
            Only notifications (createMessage) are checked; pushes, inbox responses and SDK \
            messages are already past this point. Push Stories notifications (category \
            `PW_STORIES` or a `pw_stories` block) are meant for the lock screen, not the inbox, \
            and are not reported.
            """,
        triggers: [RuleExample(#"{"send_date": "now", "ios_title": "Spring sale", "content": "30% off everything"}"#)],
        passes: [RuleExample(#"{"send_date": "now", "ios_title": "Spring sale", "content": "30% off everything", "inbox_days": 7}"#),
                 RuleExample(#"{"ios_title": "Spring sale", "content": "30% off", "inbox_image": "https://cdn.example.com/s.png"}"#),
                 RuleExample(#"{"ios_title": "New looks", "content": "Tap to play", "ios_category_custom": "PW_STORIES", "ios_root_params": {"pw_stories": {"pages": [{"image": "https://cdn.example.com/1.jpg"}]}}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        // A Push Story is a lock-screen experience: not reaching the inbox is its purpose.
        guard message.shape == .notification, message.story == nil else { return }
        guard !message.setsInboxField else { return }
        report.add(description, at: message.value, """
            not an inbox message: none of inbox_image, inbox_date or inbox_days is set, so it is sent as \
            a plain push and never reaches the inbox; add \"inbox_days\": 7 or an inbox_date
            """)
    }
}
