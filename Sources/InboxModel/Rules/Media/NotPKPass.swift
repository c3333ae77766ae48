import InboxCore

/// IK504: a pass URL that does not look like a `.pkpass` file.
public struct NotPKPass: MessageRule {
    public init() {}
    /// It looks only at the wallet pass.
    public static let needs: MessageFacts = [.wallet]
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
        guard let passValue = message.resolution.wallet?.passValue else { return }
        // The usual pass URL is told from its bytes; the text is decoded only otherwise.
        if passValue.pathEndsInPKPass { return }
        let pass = passValue.string ?? ""
        // The path ends at the query or the fragment (a usable pass URL starts with http).
        let utf8 = pass.utf8
        let end = utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        guard !pass[..<end].lowercased().hasSuffix(".pkpass") else { return }
        report.add(description, at: passValue, """
            the wallet pass URL \(quoted: pass) does not end in .pkpass; the Add to Apple \
            Wallet button works only if it serves a signed pass file
            """)
    }
}
