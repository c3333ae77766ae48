/// IK305: the message's own image and the custom-data `image` are both set and differ.
public struct ImageDisagreement: MessageRule {
    public init() {}
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
        let shown = message.message
        // The URLs are compared only when both images are there; most messages have no
        // custom-data image string at all, which the lookup's index tells first (before
        // the own image is read: holding its value held its document, a retain).
        guard shown.actionParams.seesValue(.image, until: nil, where: { $0 == .string }),
              let ownValue = shown.image?.value, ownValue.isNonEmptyString,
              let custom = shown.actionParams.lookup(.image, accept: { $0.isNonEmptyString ? $0 : nil })?.source,
              Self.differ(custom, ownValue) else { return }
        // Both quoted from the document's bytes, as their decoded texts would be.
        report.add(description, at: custom, """
            the custom-data image \(quoted: custom) differs from \
            \(ValueWording.imageField(shown.shape)) \(quoted: ownValue); the card shows \
            \(ValueWording.imageField(shown.shape)) and the custom-data image is never used
            """)
    }

    /// Whether two non-empty string values hold different texts. The same bytes without
    /// escapes are the same text, which nearly every pair that agrees is: they are compared
    /// in place, and only other pairs are decoded and compared as `String`s (which equates
    /// canonically equivalent texts).
    static func differ(_ one: JSONValue, _ other: JSONValue) -> Bool {
        let same = one.withRawStringBytes { first in
            other.withRawStringBytes { second in first.elementsEqual(second) } ?? false
        }
        if same == true { return false }
        return one.string != other.string
    }
}
