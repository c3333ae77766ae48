extension URLSite.Role {
    /// `rawValue` as static text, for the wording of findings (`LayoutWordingTests`
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
}
