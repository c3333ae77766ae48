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
}
