/// The six card layouts InboxKit draws (SPEC §5). The raw value is the `displayType`
/// spelling and the name the JSON contract uses.
public enum CardKind: String, CaseIterable, Sendable {
    case banner, captioned, classic, carousel, video, wallet

    /// Only captioned and classic cards draw inline buttons (SPEC §6); the other
    /// layouts decode them but never show them.
    public var drawsButtons: Bool { self == .captioned || self == .classic }
}
