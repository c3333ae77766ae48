/// A URL of a message that the SDK loads (media) or opens (links), for the IK3xx checks:
/// one list, so every URL rule looks at the same places.
public struct URLSite: Sendable {
    public enum Role: String, Sendable {
        case image = "image"
        case slideImage = "carousel slide image"
        case slideLink = "carousel slide url"
        case video = "video url"
        case poster = "video poster"
        case walletPass = "wallet pass"
        case button = "button url"

        /// Loaded by the app itself, where App Transport Security applies; links are
        /// handed to the system instead.
        public var isMedia: Bool { self != .slideLink && self != .button }

        /// What the user sees when this URL cannot be loaded or opened.
        public var failure: String {
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

    public var role: Role
    public var url: String
    public var value: JSONValue
    /// Whether the SDK actually loads or opens it (an unusable video url or wallet pass is
    /// listed for the security check but not used).
    public var used: Bool
    /// `URLScheme.of(url)`, worked out once for the several rules that ask.
    public var scheme: String?
}

extension URLSite {
    /// Every non-empty URL string of the message the SDK reads under the resolution's
    /// profile. Computed once by `Resolver` and stored in `Resolution.urlSites`, because
    /// every URL rule walks this list.
    static func sites(image: ResolvedImage?, carousel: Carousel?, video: VideoField?, wallet: WalletPass?,
                      rejectedWallets: [RejectedWallet], buttons: ButtonList) -> [URLSite] {
        var sites: [URLSite] = []
        // Room for every place a URL can be, so the list is allocated once.
        let slides = (carousel?.slides.count ?? 0) + (carousel?.overflow.count ?? 0)
        sites.reserveCapacity(1 + 2 * slides + 2 + rejectedWallets.count + 1 + buttons.buttons.count)
        func add(_ role: URLSite.Role, _ value: JSONValue?, used: Bool = true) {
            guard let value, let url = value.string else { return }
            add(role, url, value, used: used)
        }
        /// For a URL the resolution has decoded already.
        func add(_ role: URLSite.Role, _ url: String, _ value: JSONValue, used: Bool = true) {
            guard !url.isEmpty else { return }
            sites.append(URLSite(role: role, url: url, value: value, used: used, scheme: URLScheme.of(url)))
        }
        if let image { add(.image, image.url, image.source) }
        // Slides were decoded already: their image and link strings are reused, not read again.
        func add(_ slide: Slide) {
            sites.append(URLSite(role: .slideImage, url: slide.image, value: slide.imageValue, used: true,
                                 scheme: URLScheme.of(slide.image)))
            if let url = slide.url, let value = slide.urlValue {
                sites.append(URLSite(role: .slideLink, url: url, value: value, used: true, scheme: slide.urlScheme))
            }
        }
        if let carousel {
            for slide in carousel.slides { add(slide) }
            for slide in carousel.overflow { add(slide) }
        }
        if let video {
            add(.video, video.source["url"], used: video.descriptor != nil)
            add(.poster, video.source["poster"], used: video.descriptor != nil)
        }
        for rejected in rejectedWallets {
            add(.walletPass, rejected.source.kind == .object ? rejected.source["pass"] : rejected.source, used: false)
        }
        if let wallet { add(.walletPass, wallet.pass, wallet.passValue) }
        for button in buttons.buttons {
            if case .openURL(let url) = button.action, let value = button.urlValue {
                add(.button, url, value)
            } else {
                add(.button, button.urlValue, used: false)
            }
        }
        return sites
    }
}
