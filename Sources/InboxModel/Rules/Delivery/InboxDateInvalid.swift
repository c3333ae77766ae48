/// IK103: `inbox_date` must be a `YYYY-MM-DD` day, not before the day the push is sent.
public struct InboxDateInvalid: MessageRule {
    public init() {}
    /// It looks only at the inbox_date of a notification.
    public static let needs: MessageFacts = [.notification, .inboxDate]
    public let description = RuleDescription(
        code: "IK103", severity: .error, title: "inbox_date not YYYY-MM-DD, or before send_date",
        explanation: """
            `inbox_date` is the last day the message stays in the inbox, written `YYYY-MM-DD` \
            (for example "2026-12-24"). Another format ("24/12/2026", "2026-12-24 18:00", a \
            number) or a day that does not exist (2026-02-30) is not understood. A date before \
            the `send_date` day means the message has expired from the inbox before it is \
            sent, so nobody ever sees it there. With `send_date` "now" the order cannot be \
            checked offline.
            """,
        triggers: [RuleExample(#"{"ios_title": "Advent", "content": "Door 1", "inbox_date": "24/12/2026"}"#),
                   RuleExample(#"{"send_date": "2026-12-01 09:00", "ios_title": "Advent", "content": "Door 1", "inbox_date": "2026-11-30"}"#)],
        passes: [RuleExample(#"{"send_date": "2026-12-01 09:00", "ios_title": "Advent", "content": "Door 1", "inbox_date": "2026-12-24"}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.shape == .notification, let value = message.inboxDate, !value.isNull else { return }
        guard let text = value.string else {
            report.add(description, at: value, """
                inbox_date is \(InboxDaysRange.kindName(value)), not a \"YYYY-MM-DD\" date: \
                the platform cannot tell how long to keep the message in the inbox
                """)
            return
        }
        guard let date = CampaignDate.parse(text) else {
            report.add(description, at: value, """
                inbox_date \(json: text) is not a real day written YYYY-MM-DD (e.g. \"2026-12-24\"): \
                the platform cannot tell how long to keep the message in the inbox
                """)
            return
        }
        guard let sendText = message.sendDate?.string, case .on(let sendDay)? = CampaignDate.parseSendDate(sendText),
              date < sendDay else { return }
        report.add(description, at: value, """
            inbox_date \(date.text) is before send_date \(sendText): the message leaves the inbox \
            before it is sent, so nobody sees it there
            """)
    }
}
