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
        // The same few app keys (`campaign`, `order_id`) come back in every message: each
        // thread keeps the answers it worked out, up to a bound (hostile input has unique keys).
        let cache = answers.pointer
        let key = AnswerKey(written: written, place: place.ordinal)
        if let answer = cache.pointee[key] { return answer }
        let answer = workedOut(for: written, at: place)
        if cache.pointee.count >= maxAnswers { cache.pointee.removeAll(keepingCapacity: true) }
        cache.pointee[key] = .some(answer)
        return answer
    }

    private struct AnswerKey: Hashable {
        var written: String
        var place: Int
    }

    private static let answers = ThreadLocal<[AnswerKey: String?]> { _ in [:] }
    private static let maxAnswers = 4096

    private static func workedOut(for written: String, at place: KeyPlace) -> String? {
        let table = tables[place.ordinal]
        if table.names.contains(written) { return nil }
        if let name = table.alsoWritten[written] { return name }
        let folded = fold(written)
        if let name = table.folded[folded] { return name }
        // One edit in a long name is a typo; in a short one (`url`, `pass`) it is another word.
        let written = Array(folded.utf8)
        return table.long.first { isOneEdit($0.folded, written) }?.name
    }

    /// Whether `a` becomes `b` by changing, adding or removing one byte: the bytes before
    /// the first difference and after it must then match (a compare, not a distance table:
    /// every key of custom data that is not a name read there is asked).
    static func isOneEdit(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard abs(a.count - b.count) <= 1, a != b else { return false }
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        // What follows the difference: the rest of each, past one byte of the longer (or of both).
        let restA = a.count >= b.count ? start + 1 : start
        let restB = b.count >= a.count ? start + 1 : start
        return a.count - restA == b.count - restB && a[min(restA, a.count)...] == b[min(restB, b.count)...]
    }

    /// The table of one place, prepared once: names, other spellings, folded names, and the
    /// long names a one-letter typo is looked for in.
    /// A class: read for every object checked, and a struct of five references was copied
    /// (retained and released) each time.
    final class PlaceTable: Sendable {
        let names: [String]
        /// `names` as bytes, for leaving their members out without decoding the keys.
        let nameBytes: [[UInt8]]
        let alsoWritten: [String: String]
        let folded: [String: String]
        let long: [(folded: [UInt8], name: String)]
        let pretest: MemberNamePretest

        init(_ place: KeyPlace) {
            let keys = SDKKeyTable.keys.filter { $0.place == place }
            names = keys.map(\.name)
            nameBytes = names.map { Array($0.utf8) }
            alsoWritten = Dictionary(keys.flatMap { key in key.alsoWritten.map { ($0, key.name) } }, uniquingKeysWith: { first, _ in first })
            folded = Dictionary(keys.map { (fold($0.name), $0.name) }, uniquingKeysWith: { first, _ in first })
            long = keys.filter { $0.name.count >= 7 }.map { (Array(fold($0.name).utf8), $0.name) }
            pretest = SDKKeyTable.pretest(for: keys)
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
        var shapes: [String] = []
        for key in keys {
            for written in [key.name] + key.alsoWritten {
                // Any spelling folds to a length within a few bytes of the name's, starts
                // with its first letter in either case; the filler only gives the length.
                guard let first = written.first else { continue }
                let count = written.utf8.count
                for length in max(1, count - 2) ... count + 2 {
                    for letter in Set([String(first).lowercased(), String(first).uppercased()]) {
                        shapes.append(letter + String(repeating: "x", count: length - 1))
                    }
                }
            }
        }
        return MemberNamePretest(shapes)
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
