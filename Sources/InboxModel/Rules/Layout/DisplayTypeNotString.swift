/// IK202: a `displayType` that is not a string, which the SDK skips.
public struct DisplayTypeNotString: MessageRule {
    public init() {}
    /// It looks only at the displayType keys of the custom data.
    public static let scope: MessageScope = [.displayTypeKey, .rareKeys]
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
        // Nearly every message has no such value: told from the kinds the lookup indexed,
        // before the displayType is copied or any value or list is built.
        guard Self.mayFind(in: message) else { return }
        let found = message.resolution.displayType
        for seen in message.message.actionParams.valuesSeen(.displayType, until: found?.place, where: { $0.kind != .string }) {
            var text: Phrase = "displayType is \(describing: seen.value), not a string; \(sdkOf: message) skips it"
            if let found {
                text += " and uses \(quoted: found.source) from \(found.source.pointer)"
            } else if message.resolution.requestedBy == .heuristic {
                text += " and picks \(message.resolution.requested.rawValue) by itself"
            }
            report.add(description, at: seen.value, consume text)
        }
    }

    /// Whether the check may find anything (`MessageScope.rareKeys`).
    @inline(__always)
    static func mayFind(in message: InspectedMessage) -> Bool {
        message.message.actionParams.seesValue(.displayType, until: message.resolution.displayType?.place,
                                               where: { $0 != .string })
    }
}
