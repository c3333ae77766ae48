import InboxCore

/// The objects in which the SDK reads keys by their exact, case-sensitive names.
public enum KeyPlace: String, CaseIterable, Sendable {
    /// A custom-data place of BEHAVIOUR §3 (root of actionParams, `u`, the `u` string, `userdata`).
    case customData
    /// An element of `carousel`.
    case slide
    /// A `wallet` object.
    case wallet
    /// A `video` object.
    case video
    /// An element of `buttons`.
    case button
    /// A `pw_stories` object.
    case storyBlock
    /// An element of `pw_stories.pages`.
    case storyPage

    /// How a finding names the object, for people ("a carousel slide").
    public var wording: String {
        switch self {
        case .customData: return "the custom data"
        case .slide: return "a carousel slide"
        case .wallet: return "the wallet object"
        case .video: return "the video object"
        case .button: return "a button"
        case .storyBlock: return "the pw_stories block"
        case .storyPage: return "a story page"
        }
    }
}

/// One key the SDK reads: where, its exact name, and the other spellings people write
/// for it that no rule of case or typo catches (`img` for a slide's `image`).
public struct SDKKey: Sendable {
    public let place: KeyPlace
    public let name: String
    public let alsoWritten: [String]

    init(_ place: KeyPlace, _ name: String, also alsoWritten: [String] = []) {
        self.place = place
        self.name = name
        self.alsoWritten = alsoWritten
    }
}

/// Every key the SDK reads by name, per place: the one table the misspelled-key rules
/// (IK210, IK814, IK815) and `--fix` read. A new field is one line here.
public enum SDKKeyTable {
    public static let keys: [SDKKey] = [
        SDKKey(.customData, "displayType"),
        SDKKey(.customData, "image"),
        SDKKey(.customData, "buttons"),
        SDKKey(.customData, "carousel"),
        SDKKey(.customData, "video"),
        SDKKey(.customData, "wallet"),
        SDKKey(.customData, "pinned"),
        SDKKey(.customData, "pw_stories", also: ["pw_story", "pwStory"]),
        SDKKey(.slide, "image", also: ["imageUrl", "imageURL", "image_url", "img"]),
        SDKKey(.slide, "title"),
        SDKKey(.slide, "url", also: ["link", "href"]),
        SDKKey(.wallet, "pass", also: ["passUrl", "passURL", "pass_url", "url"]),
        SDKKey(.video, "url", also: ["src", "videoUrl", "video_url"]),
        SDKKey(.video, "poster", also: ["posterUrl", "poster_url"]),
        SDKKey(.button, "title"),
        SDKKey(.button, "action"),
        SDKKey(.button, "url"),
        SDKKey(.storyBlock, "pages"),
        SDKKey(.storyPage, "image", also: ["imageUrl", "imageURL", "image_url", "img"]),
        SDKKey(.storyPage, "duration"),
        SDKKey(.storyPage, "link", also: ["url"]),
        SDKKey(.storyPage, "button_title", also: ["button_text", "buttonText"]),
        SDKKey(.storyPage, "title"),
        SDKKey(.storyPage, "subtitle"),
    ]

    /// The names read at `place`.
    public static func names(at place: KeyPlace) -> [String] {
        tables[place.ordinal].names
    }

    /// The key the SDK reads at `place` that `written` looks like a misspelling of: another
    /// case (`DisplayType`), other separators (`display_type`, `pwStories`), one letter
    /// off in a long name (`dispayType`, `carrousel`, `button`), or a spelling of the
    /// table's. Nil when `written` is a name read there, or looks like none of them.
    public static func expected(for written: String, at place: KeyPlace) -> String? {
        // Every spelling in the table is short and ASCII: a longer key only folds to one.
        tables[place.ordinal].expected(written: ShortKey(written), folded: { ShortKey(fold(written)) })
    }

    /// The table of one place, prepared once: names, other spellings, folded names, and the
    /// long names a one-letter typo is looked for in.
    /// A class, so reading it for every object checked copies one reference.
    final class PlaceTable: Sendable {
        let place: KeyPlace
        let names: [String]
        /// The names, other spellings and folded names as short keys, in the table's order
        /// (the first name wins, as in the dictionaries), each with the name it stands for.
        let nameKeys: [ShortKey]
        let alsoWrittenKeys: [ShortKey]
        let alsoWrittenNames: [String]
        let foldedKeys: [ShortKey]
        let foldedNames: [String]
        /// The folded long names a one-letter typo is looked for in.
        let long: [ShortKey]
        let longNames: [String]
        let pretest: MemberNamePretest
        /// The names as `ShortNames`, for a place of at most three names (nil otherwise):
        /// what `MisspelledKey.mayHold` passes over in an object.
        let shortNames: ShortNames?

        /// `SDKKeyTable.expected(for:at:)` for a short key written without escapes, read from
        /// its bytes (`decoded` is the key as text): the same answer, with nothing built unless
        /// the key is a misspelling (most keys an object holds are names read there or the
        /// app's own, and every message has some).
        func expected(forKey key: ShortKey, decoded: () -> String) -> String? {
            guard key.isASCII else { return SDKKeyTable.expected(for: decoded(), at: place) }
            return expected(written: key, folded: { key.folded })
        }

        /// The answer for a key as written (nil when longer than any spelling) and its
        /// folded form (asked only when the key is neither a name nor another spelling).
        func expected(written key: ShortKey?, folded: () -> ShortKey?) -> String? {
            if let key {
                if nameKeys.contains(key) { return nil }
                if let index = alsoWrittenKeys.firstIndex(of: key) { return alsoWrittenNames[index] }
            }
            guard let folded = folded() else { return nil }
            if let index = foldedKeys.firstIndex(of: folded) { return foldedNames[index] }
            // One edit in a long name is a typo; in a short one (`url`, `pass`) it is another word.
            return long.indices.first { long[$0].isOneEdit(from: folded) }.map { longNames[$0] }
        }

        init(_ place: KeyPlace) {
            self.place = place
            let keys = SDKKeyTable.keys.filter { $0.place == place }
            names = keys.map(\.name)
            let spellings = keys.flatMap { key in key.alsoWritten.map { ($0, key.name) } }
            let longKeys = keys.filter { $0.name.count >= 7 }
            // The table's spellings are all short (`ShortKey.capacity`).
            nameKeys = names.compactMap { ShortKey($0) }
            alsoWrittenKeys = spellings.compactMap { ShortKey($0.0) }
            alsoWrittenNames = spellings.map(\.1)
            foldedKeys = keys.compactMap { ShortKey(fold($0.name)) }
            foldedNames = keys.map(\.name)
            long = longKeys.compactMap { ShortKey(fold($0.name)) }
            longNames = longKeys.map(\.name)
            precondition(nameKeys.count == names.count && alsoWrittenKeys.count == spellings.count
                         && foldedKeys.count == keys.count && long.count == longKeys.count,
                         "every spelling in SDKKeyTable.keys fits a ShortKey")
            pretest = SDKKeyTable.pretest(for: keys)
            shortNames = names.count <= 3 && names.allSatisfy { $0.utf8.count <= 8 }
                ? ShortNames(names[0], names[min(1, names.count - 1)], names[names.count - 1]) : nil
        }
    }

    /// Each place's table, by `KeyPlace.ordinal`.
    static let tables: [PlaceTable] = KeyPlace.allCases.map(PlaceTable.init)

    /// Lowercased without `_`, `-` and spaces: `display_type`, `DisplayType` and
    /// `displaytype` fold alike.
    static func fold(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// The lengths and first letters a misspelling of one of `keys` can have, for a test
    /// of an object's keys before they are read (see `MemberNamePretest`).
    static func pretest(for keys: [SDKKey]) -> MemberNamePretest {
        var shapes: [(length: Int, first: UInt8)] = []
        for key in keys {
            for written in [key.name] + key.alsoWritten {
                // Any spelling folds to a length within a few bytes of the name's, and starts
                // with its first letter in either case.
                guard let first = written.utf8.first else { continue }
                let count = written.utf8.count
                for length in max(1, count - 2) ... count + 2 {
                    shapes.append((length, first | 0x20))
                    shapes.append((length, first & ~0x20))
                }
            }
        }
        return MemberNamePretest(shapes: shapes)
    }
}

extension KeyPlace {
    /// Position in `allCases`, for the tables indexed by place.
    var ordinal: Int {
        switch self {
        case .customData: return 0
        case .slide: return 1
        case .wallet: return 2
        case .video: return 3
        case .button: return 4
        case .storyBlock: return 5
        case .storyPage: return 6
        }
    }
}
