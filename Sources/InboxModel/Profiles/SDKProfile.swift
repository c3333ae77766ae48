/// An InboxKit release whose behaviour the tool reproduces (BEHAVIOUR §4). Profiles are data:
/// the resolver reads these values instead of branching on the release, so a difference
/// between releases is visible here, in one place, and nowhere else.
///
/// A final class of constants rather than a struct, as every message and resolution holds
/// its profile: holding one reference is cheaper than a struct of arrays and dictionaries.
/// Immutable, so sharing is safe.
public final class SDKProfile: Equatable, Hashable, Sendable {
    /// The name users type after `--sdk`.
    public let name: String
    /// Ordering of releases, for `--min-sdk` ranges.
    public let rank: Int
    /// The releases this profile stands for, for people (help, README).
    public let summary: String
    /// `displayType` values this release draws; any other value falls to the heuristic.
    public let knownKinds: [CardKind]
    /// The names of `knownKinds`, made once: IK201 suggests the closest of them for every
    /// unknown displayType.
    let knownKindNames: [String]
    /// Where the card image comes from, in order.
    public let imageSources: [ImageSource]
    /// What each kind needs, in the order the release checks it: the first missing
    /// requirement is the degradation reason. Kinds not listed need nothing.
    public let requirements: [CardKind: [CardRequirement]]
    /// The heuristic's steps, in order; `classic` when none holds.
    public let heuristic: [HeuristicChoice]
    /// `action` tokens (lowercased) and what they resolve to (BEHAVIOUR §6, step 1).
    public let actionTokens: [String: ButtonActionKind]
    /// `actionTokens` prepared for matching every button's `action` without lowercasing it.
    let actionTokenTable: NameTable<ButtonActionKind>
    /// `actionTokens` as words, for the usual `action` (see `actionToken(of:)`).
    let actionTokenWords: ActionTokenWords
    /// Which `url` values make an `openURL` button (BEHAVIOUR §6, step 2).
    public let buttonURLRule: ButtonURLRule
    /// At most this many carousel slides are shown; nil when there is no limit.
    public let maxSlides: Int?

    init(name: String, rank: Int, summary: String, knownKinds: [CardKind], imageSources: [ImageSource],
         requirements: [CardKind: [CardRequirement]], heuristic: [HeuristicChoice],
         actionTokens: [String: ButtonActionKind], buttonURLRule: ButtonURLRule, maxSlides: Int?) {
        self.name = name
        self.rank = rank
        self.summary = summary
        self.knownKinds = knownKinds
        knownKindNames = knownKinds.map(\.rawValue)
        knownKindBits = knownKinds.reduce(0) { $0 | 1 << UInt8(truncatingIfNeeded: $1.ordinal) }
        self.imageSources = imageSources
        self.requirements = requirements
        self.heuristic = heuristic
        self.actionTokens = actionTokens
        requirementsByKind = CardKind.allCases.map { requirements[$0] ?? [] }
        actionTokenTable = NameTable(actionTokens.map { ($0.key, $0.value) }.sorted { $0.name < $1.name })
        actionTokenWords = ActionTokenWords(actionTokenTable.names)
        self.buttonURLRule = buttonURLRule
        self.maxSlides = maxSlides
    }

    public static let v7_0 = SDKProfile(
        name: "7.0", rank: 0, summary: "SDK 7.0.40–7.0.46",
        knownKinds: [.banner, .captioned, .classic],
        imageSources: [.message],
        requirements: shippedRequirements,
        heuristic: [HeuristicChoice(.banner, needs: [.image], lacks: [.title]),
                    HeuristicChoice(.captioned, needs: [.image, .title])],
        actionTokens: ["dismiss": .dismiss, "markread": .markRead],
        buttonURLRule: .anyNonEmpty,
        maxSlides: nil)

    public static let v7_1 = SDKProfile(
        name: "7.1", rank: 1, summary: "SDK 7.1.2 and later, as shipped",
        knownKinds: CardKind.allCases,
        imageSources: [.message, .customData],
        requirements: shippedRequirements,
        heuristic: [HeuristicChoice(.banner, needs: [.image], lacks: [.title]),
                    HeuristicChoice(.captioned, needs: [.image, .title])],
        actionTokens: ["dismiss": .dismiss, "markread": .markRead],
        buttonURLRule: .scheme,
        maxSlides: nil)

    /// The documented contract: 7.1 plus the stricter requirements of the newest guide.
    public static let guide = SDKProfile(
        name: "guide", rank: 2, summary: "the documented contract (newest guide; alias: latest)",
        knownKinds: CardKind.allCases,
        imageSources: [.message, .customData],
        requirements: [
            .banner: [.image],
            .captioned: [.image, .title, .body],
            .carousel: [.slides, .title, .body],
            .video: [.videoDescriptor],
            .wallet: [.passURL],
        ],
        heuristic: [HeuristicChoice(.banner, needs: [.image], lacks: [.title]),
                    HeuristicChoice(.captioned, needs: [.image, .title, .body])],
        actionTokens: ["dismiss": .dismiss, "markread": .markRead, "custom": .custom],
        buttonURLRule: .scheme,
        maxSlides: 5)

    /// What 7.0 and 7.1 check before drawing a kind.
    private static let shippedRequirements: [CardKind: [CardRequirement]] = [
        .banner: [.image],
        .captioned: [.image],
        .carousel: [.slides],
        .video: [.videoDescriptor],
        .wallet: [.passURL],
    ]

    /// Every profile, oldest first.
    public static let all: [SDKProfile] = [.v7_0, .v7_1, .guide]

    /// The profile used when none is given: 7.1, what phones run today (BEHAVIOUR §4).
    public static let standard = v7_1

    /// Other names a profile answers to: `latest`, the guide's former name.
    public static let aliases: [String: SDKProfile] = ["latest": .guide]

    public static func named(_ name: String) -> SDKProfile? {
        all.first { $0.name == name } ?? aliases[name]
    }

    /// What `kind` needs under this release.
    public func requirements(of kind: CardKind) -> [CardRequirement] {
        requirementsByKind[kind.ordinal]
    }

    /// `requirements` by `CardKind.ordinal`: asked for every message's requested kind, and
    /// an index is cheaper than hashing the kind.
    private let requirementsByKind: [[CardRequirement]]

    /// Whether this release draws `kind` when a payload asks for it.
    @inline(__always)
    public func knows(_ kind: CardKind) -> Bool {
        knownKindBits & 1 << UInt8(truncatingIfNeeded: kind.ordinal) != 0
    }

    /// `knownKinds` as a bit per `CardKind.ordinal`: every message's display type is asked
    /// about, and a test of a bit is cheaper than a search of the list.
    private let knownKindBits: UInt8

    /// Whether this release reads the custom-data `image`.
    public var usesCustomDataImage: Bool { imageSources.contains(.customData) }

    public static func == (lhs: SDKProfile, rhs: SDKProfile) -> Bool { lhs === rhs || lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
