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
        // The URLs are decoded only when both images are there; most messages have no
        // custom-data image string at all, which the lookup's index tells first (before
        // the own image is read: holding its value held its document, a retain).
        guard shown.actionParams.seesValue(.image, until: nil, where: { $0 == .string }),
              let ownValue = shown.image?.value, ownValue.isNonEmptyString,
              let custom = ResolvedImage.customDataImage(in: shown.actionParams),
              let ownURL = ownValue.string, custom.value != ownURL else { return }
        report.add(description, at: custom.source, """
            the custom-data image \(quoted: custom.value) differs from \
            \(ValueWording.imageField(shown.shape)) \(quoted: ownURL); the card shows \
            \(ValueWording.imageField(shown.shape)) and the custom-data image is never used
            """)
    }
}
