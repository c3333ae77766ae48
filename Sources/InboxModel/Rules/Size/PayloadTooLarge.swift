/// IK901: the APNs payload would exceed Apple's 4096-byte limit, so nothing is delivered.
public struct PayloadTooLarge: MessageRule {
    public init() {}
    /// It looks only at a push estimated above the warning threshold.
    public static let needs: MessageFacts = [.nearSizeLimit]
    public let description = RuleDescription(
        code: "IK901", severity: .error, title: "APNs payload over 4096 bytes",
        explanation: """
            Apple refuses a push whose payload is larger than 4096 bytes: the send fails and the \
            message reaches neither the lock screen nor the inbox. Shorten the text, move long \
            data (product lists, many carousel slides) behind a URL, or drop keys the app does \
            not read.
            """ + "\n\n" + PayloadSizeText.method,
        triggers: [RuleExample(#"{"ios_title": "Catalogue", "content": "All products", "inbox_days": 3, "data": {"products": ""# + PayloadSizeText.products(460) + #""}}"#)],
        passes: [RuleExample(#"{"ios_title": "Catalogue", "content": "All products", "inbox_days": 3, "data": {"catalogue": "https://shop.example.com/all"}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard let bytes = message.sizeEstimate?.bytes, bytes > APNsSizeEstimate.limit,
              let estimate = message.sizeEstimate else { return }
        report.add(description, at: PayloadSizeText.anchor(estimate, message), """
            the push this becomes is \(PayloadSizeText.size(estimate)), over Apple's 4,096-byte \
            limit: the send fails and nothing is delivered\(PayloadSizeText.largest(estimate))
            """)
    }
}
