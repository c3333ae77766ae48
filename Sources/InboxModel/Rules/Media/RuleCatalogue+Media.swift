extension RuleCatalogue {
    /// IK5xx: video and wallet.
    static let media: [any Rule] = [VideoUnusable(), NoPoster(), WalletUnusable(), NotPKPass()]
}
