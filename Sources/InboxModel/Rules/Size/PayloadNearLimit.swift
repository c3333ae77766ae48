/// IK902: the APNs payload is within 10% of Apple's limit.
public struct PayloadNearLimit: MessageRule {
    public init() {}
    /// It looks only at a push estimated above the warning threshold.
    public static let needs: MessageFacts = [.nearSizeLimit]
    public let description = RuleDescription(
        code: "IK902", severity: .warning, title: "APNs payload over 3686 bytes (90% of the limit)",
        explanation: """
            The push is still under Apple's 4096-byte limit, but within 10% of it (over 3686 \
            bytes). A slightly longer translation, one more button or a longer URL will push it \
            over, and then nothing is delivered (IK901). The estimate cannot know the exact size \
            of the keys the platform adds, which is one more reason to keep a margin.
            """ + "\n\n" + PayloadSizeText.method,
        triggers: [RuleExample(#"{"ios_title": "Catalogue", "content": "All products", "inbox_days": 3, "data": {"products": ""# + PayloadSizeText.products(400) + #""}}"#)],
        passes: [RuleExample(#"{"ios_title": "Catalogue", "content": "All products", "inbox_days": 3, "data": {"products": ""# + PayloadSizeText.products(40) + #""}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard let bytes = message.sizeEstimate?.bytes, bytes > APNsSizeEstimate.warningThreshold,
              bytes <= APNsSizeEstimate.limit, let estimate = message.sizeEstimate else { return }
        report.add(description, at: PayloadSizeText.anchor(estimate, message), """
            the push this becomes is \(PayloadSizeText.size(estimate)), within 10% of Apple's \
            4,096-byte limit: a little more text and nothing is delivered\(PayloadSizeText.largest(estimate))
            """)
    }
}
