/// What InboxKit draws for one message under one profile (BEHAVIOUR §5, §6): the layout and
/// why, the image, the pinning, the buttons and the decoded rich data. Plain values for
/// renderers, with the JSON each came from for rules.
public struct Resolution: Sendable {
    /// Held without reference counting: every profile is one of the `SDKProfile`
    /// constants (its initialiser is internal), which live as long as the program.
    public unowned(unsafe) var profile: SDKProfile
    /// The `displayType` found, known to the profile or not.
    public var displayType: DisplayType?
    /// The layout asked for (by force, by displayType or by the heuristic).
    public var requested: CardKind
    public var requestedBy: RequestSource
    /// The layout drawn: `requested`, or `classic` when it degraded.
    public var layout: CardKind
    /// The first requirement of `requested` that is missing, when it degraded.
    public var degradation: CardRequirement?
    /// What the message has, under this profile.
    public var facts: CardFacts
    /// The image the card uses.
    public var image: ResolvedImage?
    public var pinning: Pinning
    public var buttons: ButtonList
    public var carousel: Carousel?
    public var video: VideoField?
    public var wallet: WalletPass?
    /// `wallet` values passed over before the one used (or all of them, when none was usable).
    /// A view of the resolution's list buffer (see `ResolvedList`).
    public var rejectedWallets: ResolvedList<RejectedWallet>
    /// Every URL the SDK loads or opens for this message (see `URLSite.sites(of:)`); filled
    /// in by `Resolver`, which builds the resolution.
    public internal(set) var urlSites: ResolvedList<URLSite>
    /// Keeps the elements of the lists above (`urlSites`, the buttons, the slides, the
    /// rejected wallets): one buffer for all of them (see `ResolvedList`); nil when they
    /// are all empty.
    let lists: ListStorage?
    /// The values above only borrow the message's documents; these keep them valid for as
    /// long as the resolution is kept.
    let owners: DocumentOwners
    /// Whether the message has a place where a key may be misspelled (`MisspelledKey.mayFind`),
    /// told while decoding: IK210 and IK814 look for misspellings only then.
    let mayHoldMisspelledKey: Bool

    public var degraded: Bool { degradation != nil }
    /// The contract's `reason` ("no slides", …).
    public var reason: String? { degradation?.reason }
    /// Every requirement of `requested` that is missing, in the order the release checks
    /// them (`degradation` is the first), so one edit can fix them all. Empty when it did
    /// not degrade; worked out when asked (renderers and IK203), not for every message.
    public var degradations: [CardRequirement] {
        guard degradation != nil else { return [] }
        return profile.requirements(of: requested).filter { !facts.has($0) }
    }
    /// The contract's `reasons`: `reason` and every other missing piece.
    public var reasons: [String] { degradations.map(\.reason) }
    public var pinned: Bool { pinning.pinned }
    /// Whether the layout draws the buttons (only captioned and classic do).
    public var buttonsRendered: Bool { layout.drawsButtons }
    /// The slides the carousel shows (empty when there is none).
    /// The slides a carousel card draws; none under a release that does not know carousels
    /// (7.0), which never draws them.
    public var slides: ResolvedList<Slide> {
        guard profile.knows(.carousel) else { return ResolvedList() }
        return carousel?.slides ?? ResolvedList()
    }
}

/// Two resolutions are equal when the phone shows the same thing in the ways `IK206`
/// compares across releases: the layout, the buttons (title and action) and the pinning.
/// Where values came from, and the decoded rich data, are not compared.
extension Resolution: Equatable {
    public static func == (lhs: Resolution, rhs: Resolution) -> Bool {
        lhs.layout == rhs.layout && lhs.buttons == rhs.buttons && lhs.pinned == rhs.pinned
    }
}
