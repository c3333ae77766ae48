import InboxCore

/// IK305: the message's own image and the custom-data `image` are both set and differ.
public struct ImageDisagreement: MessageRule {
    public init() {}
    /// It looks only at the custom-data image keys.
    public static let needs: MessageFacts = [.imageKey]
    public let description = RuleDescription(
        code: "IK305", severity: .warning, title: "Two different images",
        explanation: """
            A card's image comes from the message itself (`inbox_image`, `imageUrl` and so on) and, \
            from SDK 7.1 on and only when that is empty, from the custom-data `image`. When \
            both are set to different URLs, the custom-data one is never shown, which usually \
            means one of them was not updated.
            """,
        triggers: [RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring.png", "inbox_days": 3, "data": {"image": "https://cdn.example.com/winter.png"}}"#)],
        passes: [RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring.png", "inbox_days": 3, "data": {"image": "https://cdn.example.com/spring.png"}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        // Compared only when both images are there.
        guard message.actionParams.seesValue(.image, until: nil, where: { $0 == .string }),
              let ownValue = message.image?.value, ownValue.isNonEmptyString,
              let custom = message.actionParams.lookup(.image, accept: { $0.isNonEmptyString ? $0 : nil })?.source,
              Self.differ(custom, ownValue) else { return }
        // Both quoted from the document's bytes, as their decoded texts would be.
        report.add(description, at: custom, """
            the custom-data image \(quoted: custom) differs from \
            \(ValueWording.imageField(message.shape)) \(quoted: ownValue); the card shows \
            \(ValueWording.imageField(message.shape)) and the custom-data image is never used
            """)
    }

    /// Whether two non-empty string values hold different texts (`JSONValue.differsInText`).
    static func differ(_ one: JSONValue, _ other: JSONValue) -> Bool { one.differsInText(from: other) }

    /// `differ` as `String`s: the general answer, which the fast path must agree with.
    static func differDecoded(_ one: JSONValue, _ other: JSONValue) -> Bool {
        one.string != other.string
    }
}
