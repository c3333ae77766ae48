import XCTest
@testable import InboxModel
@testable import InboxCore

/// Button decoding in the model (BEHAVIOUR §6): where each decision came from, for the rules.
final class ButtonsDecodingTests: JSONTestCase {
    private func decode(_ json: String, _ profile: SDKProfile = .guide) throws -> Result<Button, DroppedButton> {
        ButtonList.decode(try jtRoot(json), profile: profile)
    }

    /// A custom payload is empty exactly when its button has no member besides `title`
    /// and `action` (read from the decoding's key lookup), whatever the keys' spelling.
    func testPayloadIsEmptyExactlyWithoutOtherMembers() throws {
        let keys = ["title", "action", "url", "id", "t\\u0069tle", "Title", "actio", "", "x"]
        var generator = SeededGenerator(state: 607)
        for _ in 0 ..< 2000 {
            let chosen = (0 ..< Int.random(in: 0 ... 4, using: &generator)).map { _ in keys.randomElement(using: &generator) ?? "" }
            let object = try jtRoot("{" + chosen.map { "\"\($0)\": 1" }.joined(separator: ", ") + "}")
            let decoded = chosen.map { $0 == "t\\u0069tle" ? "title" : $0 }
            XCTAssertEqual(CustomPayload(button: object).isEmpty, decoded.allSatisfy { $0 == "title" || $0 == "action" },
                           object.compactJSON)
        }
    }

    func testDecisionsAndPayload() throws {
        let token = try decode(#"{"title": "Hide", "action": "Dismiss", "url": "https://example.com"}"#).get()
        XCTAssertEqual(token.action, .dismiss)
        XCTAssertEqual(token.decision, .token)
        let url = try decode(#"{"title": "Go", "url": "https://example.com"}"#).get()
        XCTAssertEqual(url.decision, .url)
        let fallback = try decode(#"{"b": 2, "title": "X", "a": 1, "action": "nope"}"#).get()
        XCTAssertEqual(fallback.decision, .fallback)
        guard case .custom(let payload) = fallback.action else { return XCTFail("custom expected") }
        XCTAssertEqual(payload.members.map(\.key), ["b", "a"], "source order, without title and action")
    }

    /// An open-URL button keeps its url as the JSON string: decoded when asked, it is the
    /// String the member decodes to (escapes, non-ASCII, a repeated `url` keeps the last).
    func testOpenURLIsTheDecodedURLMember() throws {
        let urls = [#""https://example.com/a""#, #""myapp://x?y=\u00e9&z=\/""#, #""https://example.com/caf\u00e9""#,
                    #""https://é.example/ü""#, #""x""#]
        for profile in SDKProfile.all {
            for url in urls {
                for json in [#"{"title": "Go", "url": \#(url)}"#, #"{"url": "https://first.example", "title": "Go", "url": \#(url)}"#] {
                    let button = try decode(json, profile).get()
                    let member = try jtRoot(json)["url"]?.string
                    switch button.action {
                    case .openURL(let link):
                        XCTAssertEqual(link.string, member, json)
                        XCTAssertEqual(link.description, member, json)
                        XCTAssertEqual(button.url, member, json)
                        XCTAssertEqual(button.action, .openURL(ButtonURL(try XCTUnwrap(button.urlValue, json))), json)
                    default:
                        XCTAssertEqual(button.decision, .fallback, "only a url the release refuses: \(json)")
                    }
                }
            }
        }
    }

    func testDuplicateKeysKeepFirstPlaceAndLastValue() throws {
        let button = try decode(#"{"title": "X", "k": 1, "j": 0, "k": 2}"#).get()
        guard case .custom(let payload) = button.action else { return XCTFail("custom expected") }
        XCTAssertEqual(payload.members.map(\.key), ["k", "j"])
        XCTAssertEqual(payload.members.first?.value.numberText, "2")
    }

    func testDropReasons() throws {
        let reasons: [(String, DroppedButton.Reason)] = [
            ("[1]", .notAnObject), (#"{"url": "x"}"#, .noTitle), (#"{"title": null}"#, .titleNotAString),
            (#"{"title": ""}"#, .emptyTitle),
        ]
        for (json, reason) in reasons {
            guard case .failure(let dropped) = try decode(json) else { XCTFail(json); continue }
            XCTAssertEqual(dropped.reason, reason, json)
        }
    }

    func testEqualityIgnoresWhereAButtonCameFrom() throws {
        let a = try decode(#"{"title": "S", "action": "custom", "tag": "x"}"#).get()
        let b = try decode(#"{"tag": "x", "title": "S"}"#).get()
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, try decode(#"{"title": "S", "tag": "y"}"#).get())
    }
}
