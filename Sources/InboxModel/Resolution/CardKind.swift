/// The six card layouts InboxKit draws (BEHAVIOUR §5). The raw value is the `displayType`
/// spelling and the name the JSON contract uses.
public enum CardKind: String, CaseIterable, Sendable {
    case banner, captioned, classic, carousel, video, wallet

    /// Only captioned and classic cards draw inline buttons (BEHAVIOUR §6); the other
    /// layouts decode them but never show them.
    public var drawsButtons: Bool { self == .captioned || self == .classic }

    /// Each kind by its spelling, for matching a `displayType` (`CaseInsensitiveName`).
    static let nameTable = NameTable(allCases.map { (name: $0.rawValue, value: $0) })

    /// Position in `allCases`, for tables indexed by kind.
    var ordinal: Int {
        switch self {
        case .banner: return 0
        case .captioned: return 1
        case .classic: return 2
        case .carousel: return 3
        case .video: return 4
        case .wallet: return 5
        }
    }
}
