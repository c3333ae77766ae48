import XCTest
@testable import InboxModel
@testable import InboxCore

/// The cheap tests rules take before their exact lookups (session 6) must never say no
/// where the exact answer is yes, and byte comparisons must answer as the parsed values.
final class RulePretestTests: JSONTestCase {
    /// Keys near the ones looked for: the names themselves, other lengths and cases, the
    /// same length and first letter, escapes, and the usual notification keys.
    private static let keys = [
        "image", "video", "wallet", "pinned", "buttons", "carousel", "displayType", "pw_stories",
        "inbox_image", "inbox_date", "inbox_days", "content", "ios_title", "send_date", "platforms", "data",
        "imagE", "Image", "images", "vide", "waller", "buttonz", "displaytype", "inbox_datE", "inbox_dayz",
        "butto\\u006es", "\\u0069mage", "inbox\\u005fdays", "", "i", "d", "\\n", "é", "ímage", "campaign",
    ]

    private func object(_ generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 0 ... 6, using: &generator)
        let members = (0 ..< count).map { _ in "\"\(Self.keys.randomElement(using: &generator) ?? "")\": 1" }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// IK107's test says maybe for every object the index finds a custom-data key in.
    func testCustomKeyPretestAgreesWithTheIndex() throws {
        var generator = SeededGenerator(state: 107)
        var maybes = 0
        for _ in 0 ..< 3000 {
            let object = try jtRoot(object(&generator))
            let maybe = Message.customDataKeyPretest.mayHaveMember(object)
            if CustomDataIndex.fields(of: object).hasRootFields { XCTAssertTrue(maybe, object.compactJSON) }
            if maybe { maybes += 1 }
        }
        XCTAssertLessThan(maybes, 3000, "the test must rule something out")
        XCTAssertFalse(Message.customDataKeyPretest.mayHaveMember(try jtRoot(#"[{"image": 1}]"#)))
        XCTAssertFalse(Message.customDataKeyPretest.mayHaveMember(try jtRoot(#""image""#)))
    }

    /// IK107's scope rules out a notification whose members are all keys it is read from,
    /// counted from the fields the reader found, without walking its keys: it must keep
    /// every top level the index finds a custom-data key at (with repeated and escaped
    /// keys, localised and null texts, and `data` as an object or a string).
    func testCustomDataAtRootKeepsEveryTopLevelWithACustomKey() {
        let members = [
            #""content": "B""#, #""inbox_image": "https://a.example/i.png""#, #""platforms": [1]"#,
            #""send_date": "now""#, #""inbox_date": "2026-01-01""#, #""inbox_days": 3"#, #""ios_category_custom": "c""#,
            #""ios_root_params": {"a": 1}"#, #""data": {"b": 1}"#, #""data": "{\"c\": 1}""#, #""ios_title": null"#,
            #""content": {"en": "x", "de": "y"}"#, #""content": {}"#, #""d\u0061ta": {}"#, #""ios_title": "U""#,
            #""image": "x""#, #""displayType": "banner""#, #""campaign": "x""#, #""buttons": []"#, #""\u0069mage": 1"#,
            #""pinned": true"#, #""aps": {}"#, #""inbox_id": "x""#,
        ]
        var generator = SeededGenerator(state: 1070)
        let inspector = Inspector(options: InspectionOptions(profile: .guide))
        var ruledOut = 0, kept = 0
        for _ in 0 ..< 3000 {
            let picked = (0 ..< Int.random(in: 0 ... 5, using: &generator)).compactMap { _ in
                members.randomElement(using: &generator)
            }
            let payload = "{" + ([#""ios_title": "T""#] + picked).shuffled(using: &generator).joined(separator: ", ") + "}"
            for message in inspector.inspect(Array(payload.utf8), source: "p.json").messages
            where message.message.shape == .notification {
                let mayFind = message.mayHaveCustomKeyAtTopLevel
                if CustomDataIndex.fields(of: message.message.value).hasRootFields {
                    XCTAssertTrue(mayFind, payload)
                    kept += 1
                } else if !mayFind {
                    ruledOut += 1
                }
            }
        }
        XCTAssertGreaterThan(ruledOut, 300, "the count must rule out notifications")
        XCTAssertGreaterThan(kept, 300, "the payloads must have custom keys at the top level")
    }

    /// IK102's test says maybe for every object `MemberNames` finds an inbox key in.
    func testInboxKeyPretestAgreesWithTheLookup() throws {
        var generator = SeededGenerator(state: 102)
        let names = MemberNames(InboxFieldConflict.inboxKeys)
        for _ in 0 ..< 3000 {
            let object = try jtRoot(object(&generator))
            let found = object.members(names)
            let any = InboxFieldConflict.inboxKeys.indices.contains { found[$0] != nil }
            if any { XCTAssertTrue(Message.inboxKeyPretest.mayHaveMember(object), object.compactJSON) }
        }
        XCTAssertFalse(Message.inboxKeyPretest.mayHaveMember(try jtRoot(#"{"displayType": "banner", "campaign": "x"}"#)))
    }

    /// IK102's fact about `data` and `ios_root_params` comes from the custom-data index's
    /// walk: it must hold for every notification with an inbox key in either (escaped too).
    func testInboxKeyInDataOrRootParamsIsAlwaysNoticed() {
        XCTAssertEqual(CustomDataIndex.inboxDateShape, KeySignature.of(length: 10, first: UInt8(ascii: "i")))
        XCTAssertEqual(CustomDataIndex.inboxImageShape, KeySignature.of(length: 11, first: UInt8(ascii: "i")))
        let keys = [#""inbox_days": 3"#, #""inbox_date": "2026-01-01""#, #""inbox_image": "x""#, #""\u0069nbox_days": 3"#,
                    #""inbox_dayz": 1"#, #""inbox_dat": 1"#, #""campaign": "c""#, #""image": "x""#, #""Inbox_days": 1"#,
                    #""i": 1"#, #""displayType": "banner""#, #""inbox_images": 1"#]
        var generator = SeededGenerator(state: 1020)
        let inspector = Inspector(options: InspectionOptions())
        let names = MemberNames(Message.inboxKeys)
        var noticed = 0, ruledOut = 0
        for _ in 0 ..< 2000 {
            func object() -> String {
                "{" + (0 ..< Int.random(in: 0 ... 3, using: &generator)).compactMap { _ in keys.randomElement(using: &generator) }
                    .joined(separator: ", ") + "}"
            }
            let data = object(), rootParams = object()
            let payload = #"{"ios_title": "T", "content": "B", "data": \#(data), "ios_root_params": \#(rootParams)}"#
            guard let message = inspector.inspect(Array(payload.utf8), source: "n.json").messages.first else { continue }
            let holds = [message.actionParams.u, message.rootParams].contains { value in
                guard let value else { return false }
                let found = value.members(names)
                return Message.inboxKeys.indices.contains { found[$0] != nil }
            }
            if holds {
                XCTAssertTrue(message.mayRepeatInboxField, payload)
                noticed += 1
            } else if !message.mayRepeatInboxField {
                ruledOut += 1
            }
        }
        XCTAssertGreaterThan(noticed, 300)
        XCTAssertGreaterThan(ruledOut, 300)
    }

    /// IK104 and IK206 compare a platform with 1 from its bytes when they are plain digits.
    func testPlatformIsIOSAsTheNumber() throws {
        let spellings = ["1", "0", "2", "10", "11", "-1", "1.0", "1.00", "1e0", "1E0", "10e-1", "0.1e1", "-0",
                         "1.0000000000000001", "0.99999999999999999", "100000000000000000001", "999999999999999999",
                         "1000000000000000000", "3", "7", "true", "\"1\"", "null", "[1]", "1.5", "2e-1"]
        let document = try jtParse("[" + spellings.joined(separator: ", ") + "]")
        for (index, spelling) in spellings.enumerated() {
            let element = try XCTUnwrap(document.root[index])
            XCTAssertEqual(PlatformsLackIOS.isIOS(element), element.number == 1.0, spelling)
        }
    }

    /// IK305 compares the two images in place when it can, and as decoded texts otherwise.
    func testImagesDifferAsTheirTexts() throws {
        let texts = [#""https://a.example/x.png""#, #""https://a.example/y.png""#, #""https:\/\/a.example\/x.png""#,
                     #""https://a.example/x.pn\u0067""#, #""caf\u00e9""#, #""café""#, #""cafe\u0301""#,
                     #""https://a.example/x.png ""#, #""h""#]
        let document = try jtParse("[" + texts.joined(separator: ", ") + "]")
        for first in texts.indices {
            for second in texts.indices {
                let one = try XCTUnwrap(document.root[first]), other = try XCTUnwrap(document.root[second])
                XCTAssertEqual(ImageDisagreement.differ(one, other), one.string != other.string, "\(texts[first]) \(texts[second])")
            }
        }
    }

    /// IK111 tells "now" from its bytes when it can, as the decoded text otherwise.
    func testSendDateNowAsTheText() throws {
        let texts = [#""now""#, #""Now""#, #""no""#, #""nowx""#, #""\u006eow""#, #""n\u006fw""#, #""""#, "1", "null", #"["now"]"#, #""now ""#]
        let document = try jtParse("[" + texts.joined(separator: ", ") + "]")
        for (index, text) in texts.enumerated() {
            let value = try XCTUnwrap(document.root[index])
            XCTAssertEqual(Message.isNow(value), value.stringEquals("now"), text)
        }
    }

    /// `asciiCharacterCount` is `String.count` for ASCII text, CR LF being one character.
    func testASCIICharacterCount() {
        var generator = SeededGenerator(state: 201)
        let bytes: [UInt8] = [0x0D, 0x0A, 0x61, 0x20, 0x0D, 0x41]
        for _ in 0 ..< 2000 {
            let word = (0 ..< Int.random(in: 0 ... 12, using: &generator)).map { _ in bytes.randomElement(using: &generator) ?? 0x61 }
            let text = String(decoding: word, as: UTF8.self)
            XCTAssertEqual(word.withSpan(EditDistance.asciiCharacterCount), text.count, "\(word)")
        }
    }
}
