/// Decides what InboxKit draws for a message under one release (SPEC §5, §6). Pure:
/// the same message and profile always give the same `Resolution`, so results can be
/// compared across profiles (IK206).
public struct Resolver: Sendable {
    public var profile: SDKProfile
    /// `--force-kind` (the app's `attributes.forceCellKind`).
    public var forcedKind: CardKind?

    public init(profile: SDKProfile, forcedKind: CardKind? = nil) {
        self.profile = profile
        self.forcedKind = forcedKind
    }

    public func resolve(_ message: Message) -> Resolution {
        resolve(message.fields)
    }

    /// Inlined into its callers (an inspected message's initialiser, and `resolve(_:)`
    /// above): the resolution, a struct of some forty words, is then built where it is
    /// stored, not built here, returned and copied into the message.
    @inline(__always)
    func resolve(_ message: MessageFields) -> Resolution {
        let params = message.actionParams
        let displayType = DisplayType.find(in: params, profile: profile)
        let image = ResolvedImage.find(for: message, profile: profile)
        let carousel = Carousel.find(in: params, profile: profile)
        let video = VideoField.find(in: params)
        let (wallet, rejectedWallets) = WalletPass.find(in: params)
        // The carousel's slides are counted in place: `carousel?.slides` copied the carousel
        // (a retain and a release of each of its three lists).
        var hasSlides = false
        if carousel != nil { hasSlides = carousel?.slides.isEmpty == false }
        let facts = CardFacts(image: image != nil, title: message.title?.hasText ?? false,
                              body: message.body?.hasText ?? false, slides: hasSlides,
                              videoDescriptor: video?.descriptor != nil, passURL: wallet != nil)

        let requested: CardKind
        let requestedBy: RequestSource
        var degradation: CardRequirement?
        if let forcedKind {
            requested = forcedKind
            requestedBy = .forced
        } else if let kind = displayType?.kind {
            requested = kind
            requestedBy = .displayType
            degradation = profile.requirements(of: kind).first { !facts.has($0) }
        } else {
            requested = heuristicKind(facts)
            requestedBy = .heuristic
        }
        let buttons = ButtonList.find(in: params, profile: profile)
        // The sites are listed before the resolution is built, so it is built once, in place.
        let sites = URLSite.sites(image: image, carousel: carousel, video: video, wallet: wallet,
                                  rejectedWallets: rejectedWallets, buttons: buttons)
        return Resolution(profile: profile, displayType: displayType, requested: requested, requestedBy: requestedBy,
                          layout: degradation == nil ? requested : .classic, degradation: degradation, facts: facts,
                          image: image, pinning: Pinning.find(in: params), buttons: buttons,
                          carousel: carousel, video: video, wallet: wallet, rejectedWallets: rejectedWallets,
                          urlSites: sites, owners: message.owners)
    }

    /// The profile's heuristic (SPEC §5.2): the first step that holds, else classic.
    func heuristicKind(_ facts: CardFacts) -> CardKind {
        profile.heuristic.first { $0.holds(for: facts) }?.kind ?? .classic
    }
}
