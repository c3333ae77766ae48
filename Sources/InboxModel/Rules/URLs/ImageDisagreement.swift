import InboxCore

/// IK305: the message's own image and the custom-data `image` are both set and differ.
public struct ImageDisagreement: MessageRule {
    public init() {}
    /// It looks only at the custom-data image keys.
    public static let scope = MessageScope.imageKey
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

    /// Whether two non-empty string values hold different texts. Strings written without
    /// escapes are their bytes: the same bytes are the same text, and two ASCII texts
    /// (nearly every URL) differ exactly when their bytes do, so such pairs are compared in
    /// place. Only other pairs are decoded and compared as `String`s (which equates
    /// canonically equivalent texts).
    static func differ(_ one: JSONValue, _ other: JSONValue) -> Bool {
        let answer: Bool? = one.withRawStringBytes { first -> Bool? in
            other.withRawStringBytes { second in differInPlace(first, second) } ?? nil
        } ?? nil
        if let answer { return answer }
        return differDecoded(one, other)
    }

    /// `differ` as `String`s: the general answer, which the fast path must agree with.
    static func differDecoded(_ one: JSONValue, _ other: JSONValue) -> Bool {
        one.string != other.string
    }

    /// Whether two texts given as their UTF-8 bytes differ, when the bytes tell: false for
    /// equal bytes, true for different ASCII bytes, nil otherwise.
    private static func differInPlace(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool? {
        var high: UInt8 = 0
        var equal = first.count == second.count
        for byte in first { high |= byte }
        for byte in second { high |= byte }
        if equal {
            for index in first.indices where first[index] != second[index] {
                equal = false
                break
            }
        }
        if equal { return false }
        return high < 0x80 ? true : nil
    }
}
