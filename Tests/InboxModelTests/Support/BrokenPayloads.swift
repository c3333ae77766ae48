import InboxModel
@testable import InboxCore

/// Generates payloads with the mistakes the fixes are for (custom-data keys at the root,
/// quoted booleans, layout typos, URLs without a scheme, too many slides, `action_params`
/// objects, story pushes without mutable-content, trailing commas…), written compact or
/// pretty, with LF or CRLF, tabs or spaces, a byte order mark sometimes, and custom data
/// as an object or as a JSON string. Seeded: the same payloads on every run.
struct BrokenPayloads {
    indirect enum Value {
        case string(String), number(String), bool(Bool), null
        case array([Value]), object([(String, Value)])
        /// An object written as a JSON string (`data`, `u`, `action_params` held in a string).
        case encoded(Value)
    }

    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(state: seed) }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0 ..< 100, using: &generator) < percent }
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0 ..< choices.count, using: &generator)] }

    /// The next payload's text.
    mutating func next() -> [UInt8] {
        let value: Value
        switch Int.random(in: 0 ..< 10, using: &generator) {
        case 0 ..< 5: value = notification()
        case 5: value = .object([("request", .object([("notifications", .array((0 ..< pick([1, 2, 3])).map { _ in notification() }))]))])
        case 6, 7: value = push()
        default: value = inbox()
        }
        var style = Style(indent: pick([nil, "  ", "    ", "\t"]), lineBreak: pick(["\n", "\r\n"]),
                          trailingComma: chance(8), slashes: chance(20))
        var text: [UInt8] = chance(10) ? [0xEF, 0xBB, 0xBF] : []
        text += Array(style.write(value).utf8)
        if chance(50) { text += Array(style.lineBreak.utf8) }
        return text
    }

    private mutating func url(_ path: String) -> Value {
        .string(pick(["https://cdn.example.com/", "cdn.example.com/", "http://cdn.example.com/", "//cdn.example.com/",
                      "https://cdn.example.com/a b/", "shop"]) + path)
    }

    private mutating func displayType() -> Value {
        .string(pick(["carousel", "carosel", "Classic", "clasic", " banner", "captiond", "video", "walet", "classic", "zzz"]))
    }

    private mutating func pinned() -> Value {
        pick([.string("true"), .string("TRUE"), .string("1"), .string("0"), .string("yes"), .bool(true), .number("1"), .null])
    }

    private mutating func customData(story: Bool) -> [(String, Value)] {
        var members: [(String, Value)] = []
        if chance(60) { members.append((pick(["displayType", "displayType", "displayType", "display_type", "DisplayType"]), displayType())) }
        if chance(40) { members.append(("pinned", pinned())) }
        if chance(30) { members.append(("image", url("img.png"))) }
        if chance(30) {
            members.append(("carousel", .array((0 ..< Int.random(in: 0 ... 8, using: &generator)).map { index in
                chance(85) ? .object([("image", url("\(index).jpg"))] + (chance(30) ? [("url", url("p/\(index)"))] : []))
                           : .object([("title", .string("no image"))])
            })))
        }
        if chance(30) {
            members.append(("buttons", .array((0 ..< Int.random(in: 1 ... 4, using: &generator)).map { _ in
                .object([("title", .string("Open")), ("action", .string(pick(["dismiss", "mark_read", "custm", "MARKREAD", "opn"]))),
                         ("url", url("b"))])
            })))
        }
        if story {
            members.append(("pw_stories", .object([("pages", .array((0 ..< pick([1, 2])).map { _ in
                .object([(pick(["image", "image", "image", "imageUrl"]), url("s.jpg")), ("duration", .number(pick(["5", "45", "30.5", "12"])))])
            }))])))
        }
        return members
    }

    private mutating func container(_ members: [(String, Value)]) -> Value {
        chance(40) ? .encoded(.object(members)) : .object(members)
    }

    private mutating func notification() -> Value {
        let story = chance(20)
        var members: [(String, Value)] = [("ios_title", .string("New looks")), ("content", .string("Swipe \"now\" é"))]
        if chance(80) {
            members.append(("inbox_days", pick([.number("3"), .number("45"), .number("0"), .string("7"), .number("2.5"), .number("30")])))
        }
        if chance(30) { members.append(("inbox_image", url("inbox.png"))) }
        var data = customData(story: story)
        // Some keys land at the root, where the SDK never sees them.
        while !data.isEmpty, chance(35) {
            members.append(data.removeFirst())
        }
        if story {
            members.append(("ios_category_custom", .string("PW_STORIES")))
            if chance(30) { members.append(("ios_root_params", .object(chance(50) ? [("aps", .object([("mutable-content", .number("1"))]))] : []))) }
        }
        if !data.isEmpty || chance(30) { members.append(("data", container(data))) }
        // A key given twice: the SDK reads the last.
        if chance(8) { members.insert(("content", .string("Old text")), at: 0) }
        return .object(members)
    }

    private mutating func push() -> Value {
        let story = chance(40)
        var aps: [(String, Value)] = [("alert", .object([("title", .string("Hi")), ("body", .string("There"))]))]
        if story { aps.append(("category", .string("PW_STORIES"))) }
        if chance(30) { aps.append(("mutable-content", .number(pick(["0", "1"])))) }
        var members: [(String, Value)] = [("aps", .object(aps))]
        if chance(50) { members += [("pw_inbox", .string("abc")), ("inbox_params", .object([("rt", .string("1767225600"))]))] }
        members.append(("u", container(customData(story: story))))
        return .object(members)
    }

    private mutating func inbox() -> Value {
        var members: [(String, Value)] = [("inbox_id", .string("a1")), ("order", .string("1")), ("rt", .string("1767225600")),
                                          ("text", .string("Hi")), ("action_type", .number("1")), ("status", .number("1"))]
        var data = customData(story: false)
        while !data.isEmpty, chance(25) { members.append(data.removeFirst()) }
        members.append(("action_params", chance(50) ? .object(data) : .encoded(.object(data))))
        return .object(members)
    }

    /// How a payload is laid out.
    struct Style {
        var indent: String?
        var lineBreak: String
        /// Writes one trailing comma (a syntax error) in the first object with members.
        var trailingComma: Bool
        /// Writes `/` as `\/` in strings.
        var slashes: Bool

        mutating func write(_ value: Value, depth: Int = 0) -> String {
            switch value {
            case .string(let text): return JSONText.quote(text, escapingSlashes: slashes)
            case .number(let text): return text
            case .bool(let flag): return flag ? "true" : "false"
            case .null: return "null"
            case .encoded(let inner):
                var compact = Style(indent: nil, lineBreak: "", trailingComma: false, slashes: false)
                return JSONText.quote(compact.write(inner), escapingSlashes: slashes)
            case .array(let elements):
                return container("[", "]", elements.map { write($0, depth: depth + 1) }, depth: depth)
            case .object(let members):
                let comma = trailingComma && !members.isEmpty
                if comma { trailingComma = false }
                let written = members.map { JSONText.quote($0.0) + ": " + write($0.1, depth: depth + 1) }
                return container("{", "}", written, depth: depth, trailingComma: comma)
            }
        }

        private func container(_ open: String, _ close: String, _ items: [String], depth: Int, trailingComma: Bool = false) -> String {
            guard !items.isEmpty else { return open + close }
            let end = trailingComma ? "," : ""
            guard let indent else { return open + items.joined(separator: ", ") + end + close }
            let inner = lineBreak + String(repeating: indent, count: depth + 1)
            return open + inner + items.joined(separator: "," + inner) + end + lineBreak + String(repeating: indent, count: depth) + close
        }
    }
}
