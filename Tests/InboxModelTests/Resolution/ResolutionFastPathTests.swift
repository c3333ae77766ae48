import XCTest
@testable import InboxModel
@testable import InboxCore

/// The resolver's fast paths against the general ways they replace.
final class ResolutionFastPathTests: JSONTestCase {
    /// Display types: every kind in many spellings, near misses of every length and byte
    /// around the letters, and non-ASCII text, matched by `CardKind.asciiMatch` / `named`
    /// as by the name table and by `lowercased() ==`.
    func testCardKindMatchAgreesWithTheNameTable() throws {
        var texts = ["", "x", "Carousel ", " carousel", "carousels", "captioneD", "captionex", "captione", "Captioned\u{0}",
                     "\u{212A}", "vide\u{212A}", "b\u{0041}nner", "@anner", "[anner", "`anner", "{anner", "bänner", "CAROUSEL",
                     "wallet\u{0}", "classic!", "cl@ssic", "vİdeo", "banner banner banner", "captionedcaptioned"]
        for kind in CardKind.allCases {
            let name = kind.rawValue
            texts += [name, name.uppercased(), name.capitalized, String(name.dropLast()), name + "s", "_" + name]
            for position in name.indices {
                // Each letter uppercased, and replaced by its neighbours in ASCII.
                var upper = name
                upper.replaceSubrange(position ... position, with: name[position].uppercased())
                texts.append(upper)
                let byte = name.utf8[position]
                for other in [byte - 0x20 - 1, byte - 0x20 + 1, byte - 1, byte + 1, 0x40, 0x5B, 0x60, 0x7B] {
                    var bytes = Array(name.utf8)
                    bytes[name.utf8.distance(from: name.utf8.startIndex, to: position)] = other
                    texts.append(String(decoding: bytes, as: UTF8.self))
                }
            }
        }
        for length in 0 ... 20 { texts.append(String(repeating: "a", count: length)) }
        for text in texts {
            let expected = CardKind.allCases.first { $0.rawValue == text.lowercased() }
            let fast = text.withUTF8Span { CardKind.asciiMatch($0) }
            let table = text.withUTF8Span { CardKind.nameTable.asciiMatch($0) }
            XCTAssertEqual(fast, table, text)
            let value = try jtRoot(JSONText.quote(text))
            XCTAssertEqual(CardKind.named(value), CaseInsensitiveName.match(value, among: CardKind.nameTable), text)
            XCTAssertEqual(CardKind.named(value), expected, text)
        }
        XCTAssertNil(CardKind.named(try jtRoot("3")), "not a string")
    }

    /// Button `action` tokens matched from their raw bytes (`ActionTokenWords`) as by the
    /// profiles' name tables, for every profile: every token in many spellings, near misses
    /// of every length and byte around the letters, escapes, non-ASCII text and non-strings.
    func testActionTokensAgreeWithTheNameTable() throws {
        // JSON text: the escapes are the JSON's (`\u212A`, the Kelvin sign, lowercases to `k`).
        var texts = ["", "x", "dismiss ", " dismiss", "dismissed", #"markRead\u0000"#, "mark read", "MARKREAD", "markreaD",
                     #"m\u212Aarkread"#, #"\u212Aarkread"#, #"cu\u0073tom"#, #"d\u0069smiss"#, "dİsmiss", "custom custom custom",
                     "markreadmarkread", "openURL", "openurl", #"\u00e9"#, "ſ", #"custo\u006d"#, #"mar\u212Aread"#]
        for token in ["dismiss", "markread", "custom", "markRead"] {
            texts += [token, token.uppercased(), token.capitalized, String(token.dropLast()), token + "s", "_" + token]
            for offset in 0 ..< token.utf8.count {
                let byte = Array(token.utf8)[offset]
                for other in [byte - 0x20 - 1, byte - 0x20, byte - 0x20 + 1, byte - 1, byte + 1, 0x40, 0x5B, 0x60, 0x7B] {
                    var bytes = Array(token.utf8)
                    bytes[offset] = other
                    texts.append(String(decoding: bytes, as: UTF8.self))
                }
            }
        }
        for length in 0 ... 10 { texts.append(String(repeating: "m", count: length)) }
        // Raw JSON: the texts as strings (escapes written as such), and values of other kinds.
        let values = texts.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            + ["null", "3", "true", "[]", "{}", #"["dismiss"]"#]
        for json in values {
            let value = try jtRoot(json)
            for profile in SDKProfile.all {
                XCTAssertEqual(profile.actionToken(of: value), CaseInsensitiveName.match(value, among: profile.actionTokenTable),
                               "\(profile.name) \(json)")
                if let quick = profile.actionTokenWords.match(value) {
                    XCTAssertEqual(quick, CaseInsensitiveName.match(value, among: profile.actionTokenTable), "\(profile.name) \(json)")
                }
            }
        }
        XCTAssertEqual(SDKProfile.guide.actionToken(of: try jtRoot(#""CUSTOM""#)), .custom)
        XCTAssertNil(SDKProfile.v7_1.actionToken(of: try jtRoot(#""custom""#)), "7.1 has no custom token")
        XCTAssertEqual(SDKProfile.v7_0.actionToken(of: try jtRoot(#""MarkRead""#)), .markRead)
    }

    /// A button url judged from its scheme mark (read once while decoding) as the release's
    /// rule judges the value and its String; the mark is the one its URL site gets.
    func testButtonURLJudgedFromItsSchemeMark() throws {
        let urls = [#""https://example.com""#, #""http://x""#, #""HTTPS://x""#, #""Http:x""#, #""myapp://promo""#, #""a+b-c.d:x""#,
                    #""example.com/x""#, #""1http://x""#, #"":x""#, #""x""#, #""""#, #"" https://x""#, #""http://x""#,
                    #""mailto:a@b""#, #""é://x""#, #""javascript:alert(1)""#, "null", "3", "true", "[]", "{}"]
        for url in urls {
            let value = try jtRoot(url)
            let mark = SchemeMark.of(value)
            for rule in [ButtonURLRule.anyNonEmpty, .scheme] {
                XCTAssertEqual(ButtonList.accepts(rule, value, scheme: mark), rule.accepts(value), "\(rule) \(url)")
                if let string = value.string {
                    XCTAssertEqual(ButtonList.accepts(rule, value, scheme: mark), rule.accepts(string), "\(rule) \(url)")
                }
            }
            for profile in SDKProfile.all {
                let button = try ButtonList.decode(try jtRoot(#"{"title": "Go", "url": \#(url)}"#), profile: profile).get()
                XCTAssertEqual(button.urlScheme, mark, url)
            }
        }
    }

    /// Three short names looked up without tables find what the general lookup finds: keys
    /// of every length around the names', near misses, escapes, repeats, non-objects.
    func testShortNamesAgreeWithMemberNames() throws {
        let sets = [("title", "action", "url"), ("image", "title", "url"), ("a", "bb", "cccccccc")]
        let objects = [
            #"{"title": "T", "action": "dismiss", "url": "u"}"#, #"{"url": 1, "url": 2, "title": 3, "titles": 4, "titl": 5}"#,
            #"{"ti\u0074le": 1, "act\u0069on": 2, "\u0075rl": 3, "\u0075rls": 4}"#, #"{"image": "", "Image": 1, "imagE": 2}"#,
            #"{"a": 1, "bb": 2, "cccccccc": 3, "ccccccccc": 4, "cccccccd": 5, "b": 6, "": 7}"#,
            #"{"url": 1, "u\u0072l": 2}"#, #"{"actionx": 1, "xaction": 2, "urlurlur": 3, "titletitle": 4}"#,
            #"{}"#, #"[1, 2]"#, #""title""#, "3",
        ]
        for (first, second, third) in sets {
            let short = ShortNames(first, second, third)
            let general = MemberNames([first, second, third])
            for json in objects {
                let value = try jtRoot(json)
                let fast = value.members(short)
                let slow = value.members(general)
                for position in 0 ..< 3 {
                    XCTAssertEqual(fast.node(position), slow.node(position), "\(first) \(second) \(third) \(position) \(json)")
                }
            }
        }
        // Two names and an empty place (the video's): the empty place finds nothing, not
        // even the empty key.
        let two = ShortNames(words: ShortNames.word("url".utf8), ShortNames.word("poster".utf8), ShortNames.noName)
        let general = MemberNames(["url", "poster"])
        for json in objects + [#"{"": 1, "poster": 2, "\u00ff": 3}"#] {
            let value = try jtRoot(json)
            let fast = value.members(two)
            let slow = value.members(general)
            XCTAssertEqual(fast.node(0), slow.node(0), json)
            XCTAssertEqual(fast.node(1), slow.node(1), json)
            XCTAssertNil(fast.node(2), json)
        }
    }

    /// `knows` (a bit per kind) answers as the list of known kinds.
    func testProfilesKnowTheirKinds() {
        for profile in SDKProfile.all {
            for kind in CardKind.allCases {
                XCTAssertEqual(profile.knows(kind), profile.knownKinds.contains(kind), "\(profile.name) \(kind)")
            }
        }
    }

    /// The names the resolver writes as words are those the names spell.
    func testShortNamesWordsSpellTheirNames() {
        func same(_ words: ShortNames, _ names: ShortNames, _ label: String) {
            XCTAssertEqual(words.heads.0, names.heads.0, label)
            XCTAssertEqual(words.heads.1, names.heads.1, label)
            XCTAssertEqual(words.heads.2, names.heads.2, label)
            XCTAssertEqual(words.lengths.0, names.lengths.0, label)
            XCTAssertEqual(words.lengths.1, names.lengths.1, label)
            XCTAssertEqual(words.lengths.2, names.lengths.2, label)
        }
        same(ButtonList.buttonKeys, ShortNames("title", "action", "url"), "buttons")
        same(Carousel.slideKeys, ShortNames("image", "title", "url"), "slides")
        let video = VideoDescriptor.keys
        let named = ShortNames("url", "poster", "x")
        XCTAssertEqual(video.heads.0, named.heads.0)
        XCTAssertEqual(video.heads.1, named.heads.1)
        XCTAssertEqual(video.lengths.0, 3)
        XCTAssertEqual(video.lengths.1, 6)
        XCTAssertEqual(video.heads.2, ShortNames.noName, "no third name")
        for length in 1 ... 8 {
            let name = String(repeating: "z", count: length)
            XCTAssertEqual(ShortNames.length(of: ShortNames.word(name.utf8)), length)
        }
    }

    /// A video object's members read in one pass are those a lookup by name gives (the
    /// last of a repeated key), and its URL sites list them as before.
    func testVideoMembersAgreeWithLookupsByName() throws {
        let objects = [
            #"{"url": "https://v.example/a.mp4", "poster": "https://v.example/p.jpg"}"#,
            #"{"url": "https://v.example/a.mp4", "url": "https://v.example/b.mp4", "poster": "", "poster": "http://p"}"#,
            #"{"poster": "https://v.example/p.jpg", "u\u0072l": "https://v.example/e.mp4"}"#,
            #"{"url": "ftp://v.example/a.mp4", "poster": "https://v.example/p.jpg"}"#,
            #"{"url": 3, "poster": "https://v.example/p.jpg"}"#,
            #"{"poster": "x"}"#, #"{"url": ""}"#, #"{}"#,
        ]
        for json in objects {
            let object = try jtRoot(json)
            let url = object["url"]
            let poster = object["poster"]
            switch VideoDescriptor.decode(object) {
            case .success(let descriptor):
                XCTAssertEqual(descriptor.urlValue.index, url?.index, json)
                XCTAssertEqual(descriptor.posterValue?.index, poster?.isNonEmptyString == true ? poster?.index : nil, json)
            case .failure(let problem):
                if url == nil { XCTAssertEqual(problem, .noURL, json) }
            }
            let text = #"{"ios_title": "T", "content": "B", "inbox_days": 1, "data": {"displayType": "video", "video": \#(json)}}"#
            let inspected = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
            let message = try XCTUnwrap(inspected.messages.first?.message, json)
            let resolution = Resolver(profile: .guide).resolve(message)
            let used = resolution.video?.descriptor != nil
            var expected: [(URLSite.Role, Int, Bool)] = []
            if let url = message.actionParams.value(.video, at: .u)?["url"], url.isNonEmptyString {
                expected.append((.video, url.index, used))
            }
            if let poster = message.actionParams.value(.video, at: .u)?["poster"], poster.isNonEmptyString {
                expected.append((.poster, poster.index, used))
            }
            let sites = resolution.urlSites.filter { $0.role == .video || $0.role == .poster }
            XCTAssertEqual(sites.map(\.role), expected.map(\.0), json)
            XCTAssertEqual(sites.map(\.value.index), expected.map(\.1), json)
            XCTAssertEqual(sites.map(\.used), expected.map(\.2), json)
        }
    }
}
