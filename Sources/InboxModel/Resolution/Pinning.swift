/// Whether a message is pinned to the top of the feed (SPEC §5): the §3 lookup of
/// `pinned` takes the first JSON boolean or number; `true`, or a number other than 0,
/// pins. A string such as `"true"` has the wrong type and is skipped.
public struct Pinning: Equatable, Sendable {
    public var pinned: Bool
    /// The value that decided, when one was found (a boolean or a number).
    public var source: JSONValue?
    public var place: LookupPlace?

    public static func == (lhs: Pinning, rhs: Pinning) -> Bool { lhs.pinned == rhs.pinned }

    /// Whether the decision came from a number read as its truth value (IK702).
    public var isNumeric: Bool { source?.kind == .number }

    /// No `pinned` value anywhere the lookup walks: not pinned.
    static var unpinned: Pinning { Pinning(pinned: false, source: nil, place: nil) }

    static func find(in params: ActionParams) -> Pinning {
        let found = params.lookup(.pinned) { value -> Bool? in
            switch value.kind {
            case .bool: return value.bool
            case .number: return value.number.map { $0 != 0 }
            default: return nil
            }
        }
        guard let found else { return unpinned }
        return Pinning(pinned: found.value, source: found.source, place: found.place)
    }
}
