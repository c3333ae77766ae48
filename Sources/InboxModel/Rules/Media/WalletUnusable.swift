import InboxCore

/// IK503: a `wallet` value without a usable pass URL.
public struct WalletUnusable: MessageRule {
    public init() {}
    /// It looks only at the wallet passes rejected.
    public static let needs: MessageFacts = [.wallet]
    public let description = RuleDescription(
        code: "IK503", severity: .warning, title: "Wallet pass unusable",
        explanation: """
            `wallet` is a pass URL string, or an object whose `pass` is one; the URL must be \
            http or https. Unlike the other fields, a value without a usable pass URL does not \
            end the lookup: the SDK moves on (root, `u`, `u` string). With no usable pass \
            anywhere, a wallet card degrades to classic.
            """,
        triggers: [RuleExample(#"{"ios_title": "Your boarding pass", "content": "Gate B12", "inbox_days": 3, "data": {"displayType": "wallet", "wallet": {"url": "https://wallet.example.com/EX204.pkpass"}}}"#)],
        passes: [RuleExample(#"{"ios_title": "Your boarding pass", "content": "Gate B12", "inbox_days": 3, "data": {"displayType": "wallet", "wallet": {"pass": "https://wallet.example.com/EX204.pkpass"}}}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        for rejected in message.resolution.rejectedWallets {
            // IK307 reports a pass URL iOS rejects.
            if case .rejected = rejected.problem { continue }
            let next: Phrase = message.resolution.wallet.map { "moves on and uses the pass at \($0.passValue.pointer)" }
                ?? (message.resolution.requestedBy == .forced && message.resolution.layout == .wallet
                    ? "finds no other pass; the card is forced to wallet, so it is drawn as a wallet card whose Add to Wallet button hides itself"
                    : "finds no other pass, so a wallet card is drawn as classic")
            let at: JSONValue
            switch rejected.problem {
            case .passNotAString, .emptyPass, .notWeb, .rejected:
                at = rejected.source.kind == .object ? (rejected.source["pass"] ?? rejected.source) : rejected.source
            case .wrongType, .noPass: at = rejected.source
            }
            report.add(description, at: at, "\(problem: rejected.problem); \(sdkOf: message) \(next)")
        }
    }
}
