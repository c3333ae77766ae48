import InboxCore

/// The custom-data fields the SDK looks up in `actionParams` (BEHAVIOUR §3), with the places
/// each one is searched, in order. Only `displayType` and `pinned` are also read from
/// `userdata`.
public enum CustomDataField: String, CaseIterable, Sendable {
    case displayType, image, buttons, carousel, video, wallet, pinned

    public var key: String { rawValue }

    public var places: [LookupPlace] {
        switch self {
        case .displayType, .pinned: return LookupPlace.withUserdata
        case .image, .buttons, .carousel, .video, .wallet: return LookupPlace.standard
        }
    }

    /// How many places `places` has: its places are the first ones of `LookupPlace.inOrder`.
    @inline(__always)
    var placeCount: Int { self == .displayType || self == .pinned ? 4 : 3 }
}

extension ActionParams {
    /// The SDK's lookup of one custom-data field (BEHAVIOUR §3); `accept` decides which values
    /// have the right type (nil moves the walk on).
    ///
    /// The places are walked by position (`LookupPlace.inOrder`), not through `places`,
    /// so no constant list is returned (and retained) for every lookup of every message.
    @inline(__always)
    public func lookup<T>(_ field: CustomDataField, accept: (JSONValue) -> T?) -> Found<T>? {
        guard mayHave(field) else { return nil }
        for ordinal in 0 ..< field.placeCount {
            let place = LookupPlace.inOrder(ordinal)
            guard let value = value(field, at: place), let accepted = accept(value) else { continue }
            return Found(value: accepted, source: value, place: place)
        }
        return nil
    }

    /// Every value of `field` the SDK reads while walking its places: all places up to and
    /// including `stop` (where the lookup ended), or all of them when it found nothing.
    /// Rules use this to report values the walk skipped (wrong type) or rejected.
    /// Only the values `included` takes are listed: rules ask for the ones of a wrong
    /// type, which are rare, so the list is usually empty.
    public func valuesSeen(_ field: CustomDataField, until stop: LookupPlace?,
                           where included: (JSONValue) -> Bool = { _ in true }) -> [(place: LookupPlace, value: JSONValue)] {
        var seen: [(place: LookupPlace, value: JSONValue)] = []
        for ordinal in 0 ..< field.placeCount {
            let place = LookupPlace.inOrder(ordinal)
            if let value = value(field, at: place), included(value) { seen.append((place, value)) }
            if place == stop { break }
        }
        return seen
    }

    /// Whether a value of `field` the SDK reads in any of its places is an object that
    /// `test` takes, without listing them (`valuesSeen` builds a list).
    func anyObjectSeen(_ field: CustomDataField, where test: (JSONValue) -> Bool) -> Bool {
        guard mayHave(field) else { return false }
        for ordinal in 0 ..< field.placeCount {
            if let value = value(field, at: LookupPlace.inOrder(ordinal)), value.kind == .object, test(value) { return true }
        }
        return false
    }
}
