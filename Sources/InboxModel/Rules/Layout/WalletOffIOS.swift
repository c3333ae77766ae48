/// IK207: a wallet card sent to platforms other than iOS, where it is drawn as classic.
public struct WalletOffIOS: MessageRule {
    public init() {}
    /// It looks only at wallet cards with a platforms value, one that does not start with
    /// iOS (a list that does includes it).
    public static let needs: MessageFacts = [.wallet, .platforms, .platformsNotIOSFirst]
    public let description = RuleDescription(
        code: "IK207", severity: .warning, title: "Wallet card on a non-iOS platform",
        explanation: """
            The Apple Wallet card exists only on iOS: on every other platform the message is \
            drawn as a classic card without the Add to Apple Wallet button. When `platforms` \
            is given and does not include iOS (1), no one sees the wallet card.
            """,
        triggers: [RuleExample(#"{"ios_title": "Your boarding pass", "content": "Gate B12", "inbox_days": 3, "platforms": [3], "data": {"displayType": "wallet", "wallet": "https://wallet.example.com/EX204.pkpass"}}"#)],
        passes: [RuleExample(#"{"ios_title": "Your boarding pass", "content": "Gate B12", "inbox_days": 3, "platforms": [1, 3], "data": {"displayType": "wallet", "wallet": "https://wallet.example.com/EX204.pkpass"}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.resolution.layout == .wallet, let platforms = message.platforms,
              platforms.kind == .array else { return }
        var hasIOS = false
        platforms.forEachElement { element in
            if !hasIOS, PlatformsLackIOS.isIOS(element) { hasIOS = true }
        }
        guard !hasIOS else { return }
        report.add(description, at: platforms, """
            platforms \(platforms.compactJSON) does not include iOS (1): the wallet card is drawn only on iOS, \
            and everywhere else this message shows as a classic card without the Add to Apple Wallet button
            """)
    }
}
