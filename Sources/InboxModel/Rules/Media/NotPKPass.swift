/// IK504: a pass URL that does not look like a `.pkpass` file.
public struct NotPKPass: MessageRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK504", severity: .info, title: "Pass URL is not a .pkpass",
        explanation: """
            The Add to Apple Wallet button downloads the URL and hands it to Wallet, which \
            accepts only a signed `.pkpass` file. A URL whose path does not end in `.pkpass` \
            may still serve one (a pass web service), but often it is a web page, and the \
            button then fails. Check that the URL returns `application/vnd.apple.pkpass`.
            """,
        triggers: [RuleExample(#"{"ios_title": "Your loyalty card", "content": "Add it in one tap", "inbox_days": 3, "data": {"displayType": "wallet", "wallet": "https://wallet.example.com/cards/loyalty"}}"#)],
        passes: [RuleExample(#"{"ios_title": "Your loyalty card", "content": "Add it in one tap", "inbox_days": 3, "data": {"displayType": "wallet", "wallet": "https://wallet.example.com/cards/loyalty.pkpass?v=2"}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard let wallet = message.resolution.wallet else { return }
        // The path ends at the query or the fragment (a usable pass URL starts with http).
        let utf8 = wallet.pass.utf8
        let end = utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        guard !wallet.pass[..<end].lowercased().hasSuffix(".pkpass") else { return }
        report.add(description, at: wallet.passValue, """
            the wallet pass URL \(quoted: wallet.pass) does not end in .pkpass; the Add to Apple \
            Wallet button works only if it serves a signed pass file
            """)
    }
}
