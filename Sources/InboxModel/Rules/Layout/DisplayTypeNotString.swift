/// IK202: a `displayType` that is not a string, which the SDK skips.
public struct DisplayTypeNotString: MessageRule {
    public init() {}
    /// It looks only at a displayType value of the wrong type before the one the lookup uses.
    public static let needs: MessageFacts = [.displayTypeKey, .skippedDisplayType]
    public let description = RuleDescription(
        code: "IK202", severity: .warning, title: "displayType is not a string",
        explanation: """
            The SDK reads `displayType` only when it is a string. A number, boolean, array or \
            object is skipped and the lookup continues (in `u`, then `userdata`); when nothing \
            else is found the layout is chosen by the heuristic instead of the one requested.
            """,
        triggers: [RuleExample(#"{"ios_title": "Flash sale", "content": "Today only", "inbox_image": "https://cdn.example.com/sale.jpg", "inbox_days": 3, "data": {"displayType": ["banner"]}}"#)],
        passes: [RuleExample(#"{"ios_title": "Flash sale", "content": "Today only", "inbox_image": "https://cdn.example.com/sale.jpg", "inbox_days": 3, "data": {"displayType": "banner"}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        let found = message.resolution.displayType
        for seen in message.actionParams.valuesSeen(.displayType, until: found?.place, where: { $0.kind != .string }) {
            var text: Phrase = "displayType is \(describing: seen.value), not a string; \(sdkOf: message) skips it"
            if let found {
                text += " and uses \(quoted: found.source) from \(found.source.pointer)"
            } else if message.resolution.requestedBy == .heuristic {
                text += " and picks \(message.resolution.requested.rawValue) by itself"
            }
            report.add(description, at: seen.value, text)
        }
    }
}
