/// Decides what InboxKit draws for a message under one release (BEHAVIOUR §5, §6). Pure:
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
    /// above), so the resolution, a large struct, is built where it is stored.
    @inline(__always)
    func resolve(_ message: MessageFields) -> Resolution {
        // The params are read in place, not copied to a local. Each field is looked up only
        // when the custom-data index has it in one of its places: most fields of most
        // messages are nowhere.
        let params = Present(message.actionParams)
        let displayType = params.displayType ? DisplayType.find(in: message.actionParams, profile: profile) : nil
        let image = ResolvedImage.find(for: message, profile: profile)
        let carouselFound = params.carousel ? Carousel.lookup(in: message.actionParams) : nil
        let buttonsFound = params.buttons ? ButtonList.lookup(in: message.actionParams) : nil
        let video = params.video ? VideoField.find(in: message.actionParams) : nil
        let (wallet, rejectedCount) = params.wallet ? WalletPass.find(in: message.actionParams) : (nil, 0)
        // Every list of the resolution goes into one buffer, sized before anything is
        // decoded: an array's element count bounds what is decoded from it.
        let carouselElements = carouselFound.map { Int($0.value.node.count) } ?? 0
        let buttonElements = buttonsFound.map { Int($0.value.node.count) } ?? 0
        let siteBound = URLSite.bound(image: image != nil, carouselElements: carouselElements, video: video != nil,
                                      wallets: rejectedCount + (wallet == nil ? 0 : 1),
                                      buttonElements: buttonElements)
        var arena = ListArena(byteCount: Carousel.bytes(elements: carouselElements)
            + ButtonList.bytes(elements: buttonElements) + ListArena.bytes(URLSite.self, siteBound)
            + ListArena.bytes(RejectedWallet.self, rejectedCount))
        // The URL sites are listed while the values are decoded, in the list's order (image,
        // slides, video, passes, buttons): a second pass re-read every slide and button.
        var sites = arena.region(URLSite.self, capacity: siteBound)
        if let source = image?.source { sites.add(.image, source) }
        let carousel = carouselFound.map { Carousel.decode($0, profile: profile, arena: &arena, sites: &sites) }
        var rejectedWallets = ResolvedList<RejectedWallet>()
        if rejectedCount > 0 {
            var rejected = arena.region(RejectedWallet.self, capacity: rejectedCount)
            WalletPass.rejected(in: message.actionParams, to: &rejected)
            rejectedWallets = rejected.list
        }
        if params.video || params.wallet {
            URLSite.add(video: video, wallet: wallet, rejectedWallets: rejectedWallets, to: &sites)
        }
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
        let buttons = buttonsFound == nil ? ButtonList.none
            : ButtonList.decode(buttonsFound, profile: profile, arena: &arena, sites: &sites)
        // The places `MisspelledKey.find` looks into, each told by what decoding them saw.
        let mayHoldMisspelledKey = message.actionParams.mayHaveMisspellingAnywhere || message.actionParams.mayHoldStoryBlock
            || carousel?.elementsMayHoldMisspelling == true || buttons.elementsMayHoldMisspelling
            || params.video && message.actionParams.anyObjectSeen(.video, where: { MisspelledKey.mayHold($0, at: .video) })
            || params.wallet && message.actionParams.anyObjectSeen(.wallet, where: { MisspelledKey.mayHold($0, at: .wallet) })
        return Resolution(profile: profile, displayType: displayType, requested: requested, requestedBy: requestedBy,
                          layout: degradation == nil ? requested : .classic, degradation: degradation, facts: facts,
                          image: image, pinning: params.pinned ? Pinning.find(in: message.actionParams) : Pinning.unpinned,
                          buttons: buttons,
                          carousel: carousel, video: video, wallet: wallet, rejectedWallets: rejectedWallets,
                          urlSites: sites.list, lists: arena.storage, owners: message.owners,
                          mayHoldMisspelledKey: mayHoldMisspelledKey)
    }

    /// Which fields the custom-data index has somewhere their lookups walk (see
    /// `ActionParams.mayHave`), read once per message.
    private struct Present {
        let displayType, carousel, buttons, video, wallet, pinned: Bool

        @inline(__always)
        init(_ params: ActionParams) {
            displayType = params.mayHave(.displayType)
            carousel = params.mayHave(.carousel)
            buttons = params.mayHave(.buttons)
            video = params.mayHave(.video)
            wallet = params.mayHave(.wallet)
            pinned = params.mayHave(.pinned)
        }
    }

    /// The profile's heuristic (BEHAVIOUR §5.2): the first step that holds, else classic.
    func heuristicKind(_ facts: CardFacts) -> CardKind {
        profile.heuristic.first { $0.holds(for: facts) }?.kind ?? .classic
    }
}
