import InboxCore

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
        public var failure: String { staticFailure.description }

        /// `failure` as static text, for the wording of findings (appended from where it lies,
        /// with no `String` made per finding).
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

    public var role: Role
    /// The JSON string holding the URL.
    public var value: JSONValue
    /// Whether the SDK actually loads or opens it (an unusable video url or wallet pass is
    /// listed for the security check but not used).
    public var used: Bool
    /// `URLScheme.of(url)`, worked out once (as a mark) for the several rules that ask.
    let schemeMark: SchemeMark
    /// `value.isTakenAsWritten` (proved by a quick scan), worked out with the scheme.
    let isTakenAsWritten: Bool

    init(role: Role, value: JSONValue, used: Bool, schemeMark: SchemeMark, isTakenAsWritten: Bool) {
        self.role = role
        self.value = value
        self.used = used
        self.schemeMark = schemeMark
        self.isTakenAsWritten = isTakenAsWritten
    }

    /// `URLScheme.of(url)`: named from the mark for http and https, read again from the
    /// URL for any other scheme.
    public var scheme: String? { schemeMark.name(in: value) }

    /// The URL, decoded from `value` when asked: rules read it only to report it.
    public var url: String { value.string ?? "" }

    /// What iOS's `URL(string:)` makes of the URL (read again when asked: only the rules
    /// of a message whose URL is not plain ask).
    public var reading: URLReading { URLReading.of(value) ?? .asWritten }

    /// Whether iOS rejects the URL (worked out with the scheme).
    public var isRejected: Bool { schemeMark == .rejected }
}

extension URLSite {
    /// The most sites a resolution lists (see `Resolver`): the image, an image and a link per usable slide,
    /// the video's url and poster, the passes, a url per button.
    static func bound(image: Bool, carouselElements: Int, video: Bool, wallets: Int, buttonElements: Int) -> Int {
        (image ? 1 : 0) + 2 * carouselElements + (video ? 2 : 0) + wallets + buttonElements
    }

    /// The sites of the video and of the wallet values (the passes passed over, then the
    /// one used), after those of the image and the slides (see `Resolver`). Every URL rule
    /// walks the list `Resolution.urlSites` keeps.
    static func add(video: VideoField?, wallet: WalletPass?, rejectedWallets: ResolvedList<RejectedWallet>,
                    to sites: inout ListWriter<URLSite>) {
        if let descriptor = video?.descriptor {
            // A usable video's url and non-empty poster were read by its decoding.
            sites.add(.video, descriptor.urlValue)
            sites.add(.poster, descriptor.posterValue)
        } else if let source = video?.source {
            let members = source.members(VideoDescriptor.keys)
            sites.add(.video, members[0], used: false)
            sites.add(.poster, members[1], used: false)
        }
        for index in rejectedWallets.indices {
            let source = rejectedWallets[index].source
            sites.add(.walletPass, source.kind == .object ? source["pass"] : source, used: false)
        }
        if let passValue = wallet?.passValue { sites.add(.walletPass, passValue) }
    }
}

extension ListWriter where Element == URLSite {
    /// A site for a string value that is a non-empty URL (nothing otherwise); the URL is
    /// read from its bytes unless the value's decoding read it already (`reading`).
    @inline(__always)
    mutating func add(_ role: URLSite.Role, _ value: JSONValue?, used: Bool = true,
                      reading known: SchemeMark.Reading? = nil) {
        guard let value, value.isNonEmptyString else { return }
        let reading = known ?? SchemeMark.reading(value)
        append(URLSite(role: role, value: value, used: used, schemeMark: reading.mark, isTakenAsWritten: reading.isAsWritten))
    }
}

extension Resolution {
    /// The URL sites whose role is `covered` that iOS rejects, each with iOS's reason (the
    /// rules of IK306-IK308 each speak for some roles).
    public func rejectedSites(usedOnly: Bool = false, where covered: (URLSite.Role) -> Bool)
        -> [(site: URLSite, rejection: URLRejection)] {
        var found: [(site: URLSite, rejection: URLRejection)] = []
        for index in urlSites.indices where urlSites[index].isRejected && (!usedOnly || urlSites[index].used)
            && covered(urlSites[index].role) {
            guard let rejection = urlSites[index].reading.rejection else { continue }
            found.append((urlSites[index], rejection))
        }
        return found
    }
}
