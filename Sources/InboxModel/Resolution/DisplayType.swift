import InboxCore

/// The `displayType` the SDK found (BEHAVIOUR §3): the first string in root → `u` →
/// `u` string → `userdata`. Compared case-insensitively but not trimmed, so
/// `"Carousel"` asks for a carousel and `" carousel"` asks for nothing.
public struct DisplayType: Sendable {
    /// Where it was found (a string).
    public var source: JSONValue
    public var place: LookupPlace
    /// The kind it names under the profile; nil when the profile does not know it
    /// (the heuristic decides, IK201).
    public var kind: CardKind?

    /// The string as written, decoded when asked: the kind is matched on its bytes, and
    /// only renderers and the rules that report it read the text.
    public var text: String { source.string ?? "" }

    /// As the JSON contract shows it: lowercased.
    public var lowercased: String { text.lowercased() }

    /// The kind it names under any release, for "not known to this release" messages.
    public var anyKind: CardKind? { CardKind.named(source) }

    /// The §3 lookup of `displayType` (the first string), written out rather than through
    /// the generic lookup, as it runs for nearly every message.
    static func find(in params: ActionParams, profile: SDKProfile) -> DisplayType? {
        for ordinal in 0 ..< CustomDataField.displayType.placeCount {
            let place = LookupPlace.inOrder(ordinal)
            guard let value = params.value(.displayType, at: place), value.kind == .string else { continue }
            let kind = CardKind.named(value)
            return DisplayType(source: value, place: place, kind: kind.flatMap { profile.knows($0) ? $0 : nil })
        }
        return nil
    }
}
