extension CardKind {
    /// `rawValue` as static text, for the wording of findings (`LayoutWordingTests`
    /// compares the two).
    var staticName: StaticString {
        switch self {
        case .banner: return "banner"
        case .captioned: return "captioned"
        case .classic: return "classic"
        case .carousel: return "carousel"
        case .video: return "video"
        case .wallet: return "wallet"
        }
    }
}
