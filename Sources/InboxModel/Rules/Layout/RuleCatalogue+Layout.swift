extension RuleCatalogue {
    /// IK2xx: layout resolution.
    static let layout: [any Rule] = [
        UnknownDisplayType(), DisplayTypeNotString(), DegradedLayout(), HeuristicLayout(), BannerHidesText(),
        WalletOffIOS(), MisspelledCardKey(), RichDataWithoutDisplayType(), GuideStricter(), ClassicWithoutText(),
    ]
}
