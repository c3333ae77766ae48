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
        let carouselFound = Carousel.lookup(in: params)
        let buttonsFound = ButtonList.lookup(in: params)
        let video = VideoField.find(in: params)
        let (wallet, rejectedWallets) = WalletPass.find(in: params)
        // Every list of the resolution goes into one buffer, sized before anything is
        // decoded: an array's element count bounds what is decoded from it.
        let carouselElements = carouselFound.map { Int($0.value.node.count) } ?? 0
        let buttonElements = buttonsFound.map { Int($0.value.node.count) } ?? 0
        let siteBound = URLSite.bound(image: image != nil, carouselElements: carouselElements, video: video != nil,
                                      wallets: rejectedWallets.count + (wallet == nil ? 0 : 1),
                                      buttonElements: buttonElements)
        var arena = ListArena(byteCount: Carousel.bytes(elements: carouselElements)
            + ButtonList.bytes(elements: buttonElements) + ListArena.bytes(URLSite.self, siteBound))
        let carousel = carouselFound.map { Carousel.decode($0, profile: profile, arena: &arena) }
        let facts = CardFacts(image: image != nil, title: message.title?.hasText ?? false,
                              body: message.body?.hasText ?? false, slides: carousel.map { $0.shownCount > 0 } ?? false,
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
        let buttons = ButtonList.decode(buttonsFound, profile: profile, arena: &arena)
        // The sites are listed before the resolution is built, so it is built once, in place.
        let sites = URLSite.sites(image: image, carousel: carousel, video: video, wallet: wallet,
                                  rejectedWallets: rejectedWallets, buttons: buttons, capacity: siteBound, arena: &arena)
        return Resolution(profile: profile, displayType: displayType, requested: requested, requestedBy: requestedBy,
                          layout: degradation == nil ? requested : .classic, degradation: degradation, facts: facts,
                          image: image, pinning: Pinning.find(in: params), buttons: buttons,
                          carousel: carousel, video: video, wallet: wallet, rejectedWallets: rejectedWallets,
                          urlSites: sites, lists: arena.storage, owners: message.owners)
    }

    /// The profile's heuristic (SPEC §5.2): the first step that holds, else classic.
    func heuristicKind(_ facts: CardFacts) -> CardKind {
        profile.heuristic.first { $0.holds(for: facts) }?.kind ?? .classic
    }
}
