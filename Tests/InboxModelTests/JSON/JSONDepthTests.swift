import XCTest
@testable import InboxModel
@testable import InboxCore

/// Nesting (IK006): parsing is iterative, so depth is limited by `maxDepth` only and hostile input
/// cannot overflow the stack.
final class JSONDepthTests: JSONTestCase {
    func testExactly512DeepIsAccepted() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let document = try jtParse(text)
        XCTAssertEqual(document.root.kind, .array)
        XCTAssertTrue(document.warnings.isEmpty)
    }

    func test513DeepIsRejectedAtTheBracketThatExceeds() throws {
        let text = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let issue = try XCTUnwrap(jtIssue(text))
        XCTAssertEqual(issue.kind, .tooDeep(limit: 512))
        XCTAssertEqual(issue.code, "IK006")
        XCTAssertEqual(issue.position, SourcePosition(offset: 512, line: 1, column: 513))
        XCTAssertEqual(issue.pointer, String(repeating: "/0", count: 512))
        XCTAssertEqual(issue.message, "arrays and objects are nested more than 512 levels deep")
    }

    func test100000OpenBracketsFailFast() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let start = Date()
        let issue = try XCTUnwrap(jtIssue(bytes))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)
        XCTAssertEqual(issue.kind, .tooDeep(limit: 512))
        XCTAssertEqual(issue.position.offset, 512)
    }

    func testCustomLimitWithObjects() throws {
        let issue = try XCTUnwrap(jtIssue(#"{"a": {"b": {"c": 1}}}"#, maxDepth: 2))
        XCTAssertEqual(issue.kind, .tooDeep(limit: 2))
        XCTAssertEqual(issue.pointer, "/a/b")
        XCTAssertEqual(issue.position.column, 13)
    }

    func testVeryDeepDocumentWithRaisedLimitParsesAndSerialisesWithoutRecursion() throws {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
        let document = kept(try JSONDocument.parse(Array(text.utf8), maxDepth: depth).get())
        XCTAssertEqual(document.root.compactJSON, text)
        var value = document.root
        for _ in 0 ..< depth { value = try XCTUnwrap(value[0]) }
        XCTAssertEqual(value.number, 7)
        XCTAssertEqual(value.pointer.count, 2 * depth)
    }
}
