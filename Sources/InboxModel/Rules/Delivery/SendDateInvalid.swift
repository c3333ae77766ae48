import InboxCore

/// IK111: `send_date` must be "now" or `YYYY-MM-DD HH:mm`.
public struct SendDateInvalid: MessageRule {
    public init() {}
    /// It looks only at notifications with a send_date other than "now".
    public static let needs: MessageFacts = [.notification, .sendDate]
    public let description = RuleDescription(
        code: "IK111", severity: .error, title: "send_date not \"now\" or YYYY-MM-DD HH:mm",
        explanation: """
            `send_date` says when the notification goes out: the word "now", or a day and a \
            24-hour time written `YYYY-MM-DD HH:mm` (for example "2026-12-01 09:00"). The \
            platform refuses other formats ("01.12.2026", "2026-12-01T09:00:00Z", a number), \
            so the campaign is not scheduled. The check also lets IK103 compare `inbox_date` \
            with the send day.
            """,
        triggers: [RuleExample(#"{"send_date": "2026-12-01T09:00:00Z", "ios_title": "Advent", "content": "Door 1", "inbox_days": 3}"#),
                   RuleExample(#"{"send_date": "2026-12-01 25:00", "ios_title": "Advent", "content": "Door 1", "inbox_days": 3}"#)],
        passes: [RuleExample(#"{"send_date": "2026-12-01 09:00", "ios_title": "Advent", "content": "Door 1", "inbox_days": 3}"#),
                 RuleExample(#"{"send_date": "now", "ios_title": "Advent", "content": "Door 1", "inbox_days": 3}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.shape == .notification, !message.isSentNow, let value = message.sendDate else { return }
        check(sendDate: value, into: &report)
    }

    /// The value's checks, out of line from the test every notification takes.
    @inline(never)
    private func check(sendDate value: JSONValue, into report: inout Report) {
        let found: String
        if let text = value.string {
            guard CampaignDate.parseSendDate(text) == nil else { return }
            found = JSONText.quote(text)
        } else {
            found = InboxDaysRange.kindName(value)
        }
        report.add(description, at: value, """
            send_date is \(found), not \"now\" or \"YYYY-MM-DD HH:mm\" (e.g. \"2026-12-01 09:00\"): \
            the platform does not schedule the campaign
            """)
    }
}
