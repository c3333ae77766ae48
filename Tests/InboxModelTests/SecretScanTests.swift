import XCTest
@testable import InboxModel

/// `SecretScan.members` compares only keys of the right length (or with escapes); it must
/// still find every member so named, escaped or nested, and nothing else.
final class SecretScanTests: XCTestCase {
    private func pointers(_ text: String, key: String = "auth") throws -> [String] {
        let inspected = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
        let document = try XCTUnwrap(inspected.document)
        return SecretScan.members(named: key, in: document).map(\.pointer)
    }

    func testFindsEveryMemberSoNamed() throws {
        XCTAssertEqual(try pointers(#"{"auth": "a", "data": {"x": [{"auth": 1}]}, "authx": 2}"#), ["/auth", "/data/x/0/auth"])
        XCTAssertEqual(try pointers(#"{"\u0061uth": "a", "b": "\"quoted\""}"#), ["/auth"], "spelled with an escape")
        XCTAssertEqual(try pointers(#"{"au\u0074h": "a"}"#), ["/auth"])
    }

    func testTextWithoutTheKeyHasNone() throws {
        XCTAssertEqual(try pointers(#"{"content": "x", "data": {"auth0": 1}}"#), [])
        XCTAssertEqual(try pointers(#"{"content": "auth", "list": ["auth"]}"#), [], "values are not keys")
        XCTAssertEqual(try pointers(#"{"content": "a\nb"}"#), [], "a backslash alone finds nothing")
        XCTAssertEqual(try pointers(#"{"": 1, "a": {"": 2}}"#, key: ""), ["/", "/a/"])
    }

    /// The byte scan that spares the walk must let through every document that holds the
    /// key, at every offset across its 16- and 32-byte rounds and its overlapping last round.
    func testByteScanFindsTheKeyAtEveryOffset() throws {
        for padding in 0 ..< 70 {
            let filler = String(repeating: "x", count: padding)
            XCTAssertEqual(try pointers(#"{"p": "\#(filler)", "auth": 1}"#), ["/auth"], "padding \(padding)")
            XCTAssertEqual(try pointers(#"{"p": "\#(filler)", "a\u0075th": 1}"#), ["/auth"], "padding \(padding)")
            XCTAssertEqual(try pointers(#"{"p": "\#(filler)", "authx": 1, "au": 2, "\"a": 3}"#), [], "padding \(padding)")
        }
    }

    func testByteScanAnswers() {
        func mayHold(_ name: String, _ text: String) -> Bool {
            var name = name, text = text
            return name.withUTF8 { name in text.withUTF8 { SecretScan.mayHold(name, in: $0) } }
        }
        XCTAssertTrue(mayHold("auth", String(repeating: "-", count: 40) + "auth"), "ends with the name")
        XCTAssertFalse(mayHold("auth", String(repeating: "-", count: 40) + "aut"), "cut short at the end")
        XCTAssertTrue(mayHold("auth", String(repeating: "-", count: 40) + "\\u"), "an escape may spell it")
        XCTAssertFalse(mayHold("auth", String(repeating: "a", count: 40) + "\\n"), "other escapes cannot")
        XCTAssertFalse(mayHold("auth", "au"), "shorter than the name")
        XCTAssertTrue(mayHold("a/b", "{}"), "a name with a byte JSON can escape otherwise is always walked")
    }
}
