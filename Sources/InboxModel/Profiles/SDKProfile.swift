/// An InboxKit release whose behaviour the tool reproduces (SPEC §4). Profiles are data:
/// the resolver reads these values instead of branching on the release.
public struct SDKProfile: Equatable, Hashable, Sendable {
    /// The name users type after `--sdk`.
    public let name: String
    /// Ordering of releases, for `--min-sdk` ranges.
    public let rank: Int

    public static let v7_0 = SDKProfile(name: "7.0", rank: 0)
    public static let v7_1 = SDKProfile(name: "7.1", rank: 1)
    public static let latest = SDKProfile(name: "latest", rank: 2)

    /// Every profile, oldest first.
    public static let all: [SDKProfile] = [.v7_0, .v7_1, .latest]

    public static func named(_ name: String) -> SDKProfile? {
        all.first { $0.name == name }
    }

    public static func == (lhs: SDKProfile, rhs: SDKProfile) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
