import InboxCore

/// Whether a message is pinned to the top of the feed (BEHAVIOUR §5): the §3 lookup of
/// `pinned` takes the first JSON boolean or number; `true`, or a number whose truncation
/// toward zero is not 0, pins (the SDK reads it through an integer conversion: 1.5 pins,
/// 0.5 does not). A string such as `"true"` has the wrong type and is skipped.
public struct Pinning: Equatable, Sendable {
    public var pinned: Bool
    /// The value that decided, when one was found (a boolean or a number).
    public var source: JSONValue?
    public var place: LookupPlace?

    public static func == (lhs: Pinning, rhs: Pinning) -> Bool { lhs.pinned == rhs.pinned }

    /// Whether the decision came from a number read as its truth value (IK702).
    public var isNumeric: Bool { source?.kind == .number }

    /// Whether a numeric `pinned` pins: its value truncated toward zero is not 0.
    static func pins(_ number: Double) -> Bool { number.magnitude >= 1 }

    /// Whether the number has a fraction the SDK drops (0.5, -1.5).
    public var dropsFraction: Bool {
        guard isNumeric, let number = source?.number, number.isFinite else { return false }
        return number.rounded(.towardZero) != number
    }

    /// No `pinned` value anywhere the lookup walks: not pinned.
    static var unpinned: Pinning { Pinning(pinned: false, source: nil, place: nil) }

    static func find(in params: ActionParams) -> Pinning {
        let found = params.lookup(.pinned) { value -> Bool? in
            switch value.kind {
            case .bool: return value.bool
            case .number: return value.number.map(pins)
            default: return nil
            }
        }
        guard let found else { return unpinned }
        return Pinning(pinned: found.value, source: found.source, place: found.place)
    }
}
