extension CardKind {
    /// `rawValue` as static text, for the wording of findings: a `String` interpolated into
    /// a phrase was copied out of the string and released for each finding, where static
    /// text is appended from where it lies (`LayoutWordingTests` compares the two).
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
