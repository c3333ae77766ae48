import XCTest
@testable import InboxModel

/// IK210 and IK814 look for misspelled keys only where the resolution says one may be
/// (`MisspelledKey.mayFind`, told while decoding): the gate must never hide a finding.
final class MisspelledKeyGateTests: XCTestCase {
    /// Keys of the nested objects: the names read there, their misspellings and other
    /// spellings, app keys of a misspelling's length and first letter or not, escapes.
    private static let slideKeys = [#""image": "https://cdn.example.com/1.jpg""#, #""title": "T""#,
                                    #""url": "https://example.com""#, #""img": "x""#, #""imageUrl": "x""#, #""link": "x""#,
                                    #""href": "x""#, #""id": 3"#, #""Image": "x""#, #""caption": "c""#, #""u": 1"#,
                                    #""t\u0069tle": "T""#, #""position": 2"#]
    private static let buttonKeys = [#""title": "Go""#, #""action": "dismiss""#, #""url": "https://example.com""#,
                                     #""id": 7"#, #""Title": "x""#, #""URL": "https://example.com""#, #""acton": "x""#,
                                     #""tracking": "t""#, #""urls": "x""#, #""a\u0063tion": "dismiss""#, #""style": "primary""#]
    private static let videoKeys = [#""url": "https://cdn.example.com/v.mp4""#, #""poster": "https://cdn.example.com/p.jpg""#,
                                    #""src": "x""#, #""videoUrl": "x""#, #""autoplay": true"#, #""id": 1"#, #""Poster": "x""#]
    private static let walletKeys = [#""pass": "https://wallet.example.com/a.pkpass""#, #""passUrl": "x""#, #""url": "x""#,
                                     #""serial": "s""#, #""id": 1"#, #""Pass": "x""#]

    private func object(_ keys: [String], _ generator: inout SeededGenerator) -> String {
        let members = (0 ..< Int.random(in: 0 ... 4, using: &generator)).compactMap { _ in keys.randomElement(using: &generator) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    private func list(_ keys: [String], _ generator: inout SeededGenerator) -> String {
        "[" + (0 ..< Int.random(in: 0 ... 3, using: &generator)).map { _ in object(keys, &generator) }.joined(separator: ", ") + "]"
    }

    func testTheGateHidesNoMisspelling() {
        var generator = SeededGenerator(state: 2100)
        let inspector = Inspector(options: InspectionOptions())
        var ruledOut = 0, found = 0
        for _ in 0 ..< 3000 {
            var data = [#""campaign": "c""#]
            if Bool.random(using: &generator) { data.append(#""buttons": "# + list(Self.buttonKeys, &generator)) }
            if Bool.random(using: &generator) { data.append(#""carousel": "# + list(Self.slideKeys, &generator)) }
            if Int.random(in: 0 ..< 3, using: &generator) == 0 { data.append(#""video": "# + object(Self.videoKeys, &generator)) }
            if Int.random(in: 0 ..< 3, using: &generator) == 0 { data.append(#""wallet": "# + object(Self.walletKeys, &generator)) }
            // A second video or wallet object, in `u`: every object the SDK reads counts.
            if Int.random(in: 0 ..< 6, using: &generator) == 0 {
                data.append(#""u": {"video": "# + object(Self.videoKeys, &generator) + #", "wallet": "#
                            + object(Self.walletKeys, &generator) + "}")
            }
            let payload = #"{"ios_title": "Hi", "content": "Body", "inbox_days": 3, "data": {"#
                + data.shuffled(using: &generator).joined(separator: ", ") + "}}"
            for message in inspector.inspect(Array(payload.utf8), source: "g.json").messages {
                let looked = MisspelledKey.look(in: message)
                let mayFind = MisspelledKey.mayFind(in: message)
                if !looked.isEmpty {
                    XCTAssertTrue(mayFind, payload)
                    found += 1
                }
                XCTAssertEqual(MisspelledKey.find(in: message).map(\.written), looked.map(\.written), payload)
                if !mayFind { ruledOut += 1 }
            }
        }
        XCTAssertGreaterThan(found, 300, "the payloads must hold misspellings")
        XCTAssertGreaterThan(ruledOut, 300, "the gate must rule messages out")
    }

    /// IK210 in a story message and IK814 each look into part of the places: they must
    /// find there what a look into all of them finds for each.
    func testEachRuleFindsInItsPlacesWhatTheWholeLookFinds() {
        var generator = SeededGenerator(state: 8140)
        let inspector = Inspector(options: InspectionOptions())
        let pageKeys = [#""image": "https://cdn.example.com/p.jpg""#, #""imageUrl": "x""#, #""img": "x""#, #""link": "x""#,
                        #""url": "x""#, #""buttonText": "x""#, #""button_title": "Go""#, #""duration": 3"#, #""id": 1"#]
        var compared = 0
        for _ in 0 ..< 1500 {
            let pages = "[" + (0 ..< Int.random(in: 0 ... 3, using: &generator)).map { _ in object(pageKeys, &generator) }
                .joined(separator: ", ") + "]"
            let block = [#""pw_stories": {"pages": \#(pages)}"#, #""pwStories": {"pages": \#(pages)}"#,
                         #""pw_stories": {"Pages": \#(pages)}"#].randomElement(using: &generator) ?? ""
            var data = [block, #""buttons": "# + list(Self.buttonKeys, &generator)]
            if Bool.random(using: &generator) { data.append(#""carousel": "# + list(Self.slideKeys, &generator)) }
            let category = Bool.random(using: &generator) ? #", "ios_category_custom": "PW_STORIES""# : ""
            let payload = #"{"ios_title": "Hi", "content": "Body"\#(category), "data": {"#
                + data.shuffled(using: &generator).joined(separator: ", ") + "}}"
            for message in inspector.inspect(Array(payload.utf8), source: "s.json").messages {
                let all = MisspelledKey.find(in: message)
                XCTAssertEqual(MisspelledKey.find(in: message, places: .exceptStories).filter { !$0.isAboutStories }.map(\.written),
                               all.filter { !$0.isAboutStories }.map(\.written), payload)
                XCTAssertEqual(MisspelledKey.find(in: message, places: .storiesOnly).filter(\.isAboutStories).map(\.written),
                               all.filter(\.isAboutStories).map(\.written), payload)
                if all.contains(where: \.isAboutStories) && all.contains(where: { !$0.isAboutStories }) { compared += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 100, "the payloads must hold misspellings of both kinds")
    }

    /// The usual rich message: buttons with an app key (`id`), slides, a video and a pass
    /// with only the names read there. Nothing to look into.
    func testAppKeysOfOtherShapesAreNotLookedInto() {
        let payload = #"""
            {"ios_title": "Hi", "content": "Body", "inbox_days": 3, "data": {"campaign": "c",
             "buttons": [{"title": "Go", "url": "https://example.com", "id": 7}],
             "carousel": [{"image": "https://cdn.example.com/1.jpg", "title": "One"}],
             "video": {"url": "https://cdn.example.com/v.mp4", "poster": "https://cdn.example.com/p.jpg"},
             "wallet": {"pass": "https://wallet.example.com/a.pkpass"}}}
            """#
        let inspector = Inspector(options: InspectionOptions())
        // `campaign` has a misspelling's length and first letter: the first look finds it
        // harmless, and this thread passes over it from then on (`HarmlessKeys`).
        let first = inspector.inspect(Array(payload.utf8), source: "u.json").messages[0]
        XCTAssertEqual(MisspelledKey.find(in: first).count, 0)
        let message = inspector.inspect(Array(payload.utf8), source: "u.json").messages[0]
        XCTAssertFalse(MisspelledKey.mayFind(in: message))
        let misspelled = payload.replacingOccurrences(of: #""url": "https://example.com", "id": 7"#,
                                                      with: #""URL": "https://example.com""#)
        let other = inspector.inspect(Array(misspelled.utf8), source: "m.json").messages[0]
        XCTAssertTrue(MisspelledKey.mayFind(in: other))
        XCTAssertEqual(MisspelledKey.find(in: other).map(\.expected), ["url"])
    }
}
