extension URLSite.Role {
    /// `rawValue` as static text, for the wording of findings: a `String`
    /// interpolated into a phrase was copied out of the string and released for each
    /// finding, where static text is appended from where it lies (`LayoutWordingTests`
    /// compares the two).
    var staticName: StaticString {
        switch self {
        case .image: return "image"
        case .slideImage: return "carousel slide image"
        case .slideLink: return "carousel slide url"
        case .video: return "video url"
        case .poster: return "video poster"
        case .walletPass: return "wallet pass"
        case .button: return "button url"
        }
    }

    /// `failure` as static text, for the wording of findings (see `CardKind.staticName`).
    var staticFailure: StaticString {
        switch self {
        case .image: return "the card shows an empty image area"
        case .slideImage: return "the slide shows an empty frame"
        case .slideLink: return "tapping the slide does nothing"
        case .video: return "the video does not play"
        case .poster: return "the video card shows no poster"
        case .walletPass: return "the pass is not added to Wallet"
        case .button: return "tapping the button does nothing"
        }
    }
}
