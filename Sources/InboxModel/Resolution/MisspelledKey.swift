import InboxCore

/// A key the SDK never reads because it is not spelled the way the SDK reads it
/// (`display_type` for `displayType`, a slide's `img` for `image`): the value under it is
/// ignored as if absent. Enough to fix it: the key's value (its pointer, and
/// `value.keyPosition` for the key itself) and the name to write instead.
public struct MisspelledKey: Sendable {
    /// The key as written.
    public var written: String
    /// The name the SDK reads there (`SDKKeyTable`).
    public var expected: String
    public var place: KeyPlace
    /// The member's value; its key is at `value.keyPosition`.
    public var value: JSONValue
    /// Whether no other key of the same object stands for `expected`: then renaming this
    /// one is certain (two spellings of one name could not both be renamed).
    public var isOnlySpelling = true

    /// The rename that makes the SDK read the value, when it is certain.
    public var fix: Fix? { isOnlySpelling ? Fix.renamingKey(of: value, to: expected) : nil }

    /// Whether it is about Push Stories (the `pw_stories` block, its keys, its pages).
    public var isAboutStories: Bool {
        place == .storyBlock || place == .storyPage || expected == "pw_stories"
    }

    /// Every misspelled key of `message`, in the places the SDK reads: the custom-data
    /// places of BEHAVIOUR §3, the slides, buttons, video and wallet objects found there, and
    /// the `pw_stories` blocks and their pages. A key is reported only when the name it
    /// stands for is not in the same object (then it is just another key).
    /// The objects `find` looks into besides the custom data: all of them, or only those of a
    /// story (IK814's), or all but those (IK210's, in a story message, where they are IK814's).
    public enum Places: Sendable {
        case all
        case exceptStories
        case storiesOnly
    }

    public static func find(in message: InspectedMessage, places: Places = .all) -> [MisspelledKey] {
        guard message.resolution.mayHoldMisspelledKey else { return [] }
        // The custom data is passed where it is: a local would be a copy, retained and released.
        return look(in: message, params: message.actionParams, places: places)
    }

    /// `find(in:)` without asking `mayFind` first, for the tests that check it is exact.
    static func look(in message: InspectedMessage, places: Places = .all) -> [MisspelledKey] {
        look(in: message, params: message.actionParams, places: places)
    }

    private static func look(in message: InspectedMessage, params: ActionParams, places: Places) -> [MisspelledKey] {
        var found: [MisspelledKey] = []
        for place in LookupPlace.allCases {
            guard let container = params.container(place) else { continue }
            if params.mayHaveMisspelling(at: place) {
                check(container, as: .customData, into: &found) { expected in
                    // `userdata` is the app's own: only the keys the SDK reads there count.
                    place != .userdata || expected == "displayType" || expected == "pinned" || expected == "pw_stories"
                }
            }
            guard places != .exceptStories else { continue }
            // The index holds the block of the first three places; `userdata` is asked by name.
            if let block = place == .userdata ? container["pw_stories"] : params.storyBlock(at: place), block.kind == .object {
                check(block, as: .storyBlock, into: &found)
                block["pages"]?.forEachElement { check($0, as: .storyPage, into: &found) }
            }
        }
        guard places != .storiesOnly else { return found }
        let resolution = message.resolution
        // Only elements with keys besides the names read there can hold a misspelling.
        if let carousel = resolution.carousel, carousel.elementsMayHoldMisspelling {
            carousel.source.forEachElement { check($0, as: .slide, into: &found) }
        }
        if resolution.buttons.elementsMayHoldMisspelling {
            resolution.buttons.source?.forEachElement { check($0, as: .button, into: &found) }
        }
        // The index tells whether there is any video or wallet object, without listing them.
        if params.seesValue(.video, until: nil, where: { $0 == .object }) {
            for (_, value) in params.valuesSeen(.video, until: nil, where: { $0.kind == .object }) {
                check(value, as: .video, into: &found)
            }
        }
        if params.seesValue(.wallet, until: nil, where: { $0 == .object }) {
            for (_, value) in params.valuesSeen(.wallet, until: nil, where: { $0.kind == .object }) {
                check(value, as: .wallet, into: &found)
            }
        }
        return found
    }

    /// Whether `find(in:)` may find anything: a custom-data place has a key the index could
    /// not rule out (`CustomDataIndex.mayHaveMisspelling`), or there is a nested object to
    /// look into (a story block, a slide or button with a key that may be misspelled, a
    /// video or wallet value). Most messages have neither; the resolver tells it.
    public static func mayFind(in message: InspectedMessage) -> Bool {
        message.resolution.mayHoldMisspelledKey
    }

    /// Whether `object`, at `place` (a slide, a button, a video or wallet object), has a key
    /// besides the names read there that `check` would look at: only such a key can be a
    /// misspelling.
    static func mayHold(_ object: JSONValue, at place: KeyPlace) -> Bool {
        let table = SDKKeyTable.tables[place.ordinal]
        guard let names = table.shortNames else { return object.kind == .object }
        return table.pretest.mayHaveMember(object, besides: names)
    }

    static let customDataPretest = SDKKeyTable.tables[KeyPlace.customData.ordinal].pretest

    private static func check(_ object: JSONValue, as place: KeyPlace, into found: inout [MisspelledKey],
                              counts: (String) -> Bool = { _ in true }) {
        guard object.kind == .object else { return }
        let first = found.count
        // Only keys of a misspelling's length and first letter are looked at, from their bytes
        // when plain (most objects hold none but the names read there and the app's own keys).
        let table = SDKKeyTable.tables[place.ordinal]
        table.pretest.forEachCandidate(in: object) { shortKey, key, value in
            let expected: String?
            if let shortKey {
                expected = table.expected(forKey: shortKey, decoded: key)
                // The custom-data index passes over it from now on (`HarmlessKeys`).
                if expected == nil, place == .customData { HarmlessKeys.remember(shortKey) }
            } else {
                expected = SDKKeyTable.expected(for: key(), at: place)
            }
            guard let expected, counts(expected), object[expected] == nil else { return }
            found.append(MisspelledKey(written: key(), expected: expected, place: place, value: value))
        }
        for index in first ..< found.count {
            found[index].isOnlySpelling = !found[first...].indices.contains {
                $0 != index && found[$0].expected == found[index].expected
            }
        }
    }
}
