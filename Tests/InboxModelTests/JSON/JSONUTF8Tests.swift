import XCTest
@testable import InboxModel
@testable import InboxCore

/// Invalid UTF-8 and lone surrogate escapes (IK005): iOS refuses such payloads, so each must be
/// reported at the offending byte / escape instead of being repaired silently.
final class JSONUTF8Tests: JSONTestCase {
    /// `["` + bytes + `"]`: the bad sequence starts at offset 2, column 3, pointer "/0".
    private func issueInString(_ bytes: [UInt8]) -> JSONIssue? {
        jtIssue([0x5B, 0x22] + bytes + [0x22, 0x5D])
    }

    func testInvalidByteFF() throws {
        let issue = try XCTUnwrap(issueInString([0x61, 0xFF]))
        XCTAssertEqual(issue.kind, .invalidUTF8)
        XCTAssertEqual(issue.code, "IK005")
        XCTAssertEqual(issue.position, SourcePosition(offset: 3, line: 1, column: 4))
        XCTAssertEqual(issue.pointer, "/0")
        XCTAssertEqual(issue.message, "invalid UTF-8: the byte 0xFF is not valid UTF-8 text (save the file as UTF-8)")
    }

    func testOverlongEncoding() throws {
        let issue = try XCTUnwrap(issueInString([0xC0, 0xAF]))
        XCTAssertEqual(issue.kind, .invalidUTF8)
        XCTAssertEqual(issue.position, SourcePosition(offset: 2, line: 1, column: 3))
        XCTAssertEqual(issue.message, "invalid UTF-8: the bytes 0xC0 0xAF are not valid UTF-8 text (save the file as UTF-8)")
        XCTAssertEqual(issueInString([0xE0, 0x80, 0xAF])?.kind, .invalidUTF8)
        XCTAssertEqual(issueInString([0xF0, 0x80, 0x80, 0xAF])?.kind, .invalidUTF8)
    }

    func testTruncatedSequence() throws {
        let issue = try XCTUnwrap(issueInString([0xE2, 0x82]))
        XCTAssertEqual(issue.kind, .invalidUTF8)
        XCTAssertEqual(issue.position.offset, 2)
        XCTAssertEqual(issue.pointer, "/0")
        // Truncated by the end of input.
        let atEnd = try XCTUnwrap(jtIssue([0x22, 0xE2, 0x82]))
        XCTAssertEqual(atEnd.kind, .invalidUTF8)
        XCTAssertEqual(atEnd.position.offset, 1)
    }

    func testSurrogateEncodedInUTF8() throws {
        let issue = try XCTUnwrap(issueInString([0xED, 0xA0, 0x80]))
        XCTAssertEqual(issue.kind, .invalidUTF8)
        XCTAssertEqual(issue.position.column, 3)
        XCTAssertEqual(issue.message, "invalid UTF-8: the bytes 0xED 0xA0 0x80 are not valid UTF-8 text (save the file as UTF-8)")
    }

    func testAboveU10FFFFAndStrayContinuation() throws {
        XCTAssertEqual(issueInString([0xF4, 0x90, 0x80, 0x80])?.kind, .invalidUTF8)
        XCTAssertEqual(issueInString([0xF5, 0x80, 0x80, 0x80])?.kind, .invalidUTF8)
        XCTAssertEqual(issueInString([0x80])?.kind, .invalidUTF8)
    }

    func testInvalidBytesAfterLongASCIIRunAreFoundByTheFastPath() throws {
        let prefix = Array(repeating: UInt8(ascii: "a"), count: 37)
        let issue = try XCTUnwrap(issueInString(prefix + [0xFF] + prefix))
        XCTAssertEqual(issue.kind, .invalidUTF8)
        XCTAssertEqual(issue.position.offset, 2 + 37)
    }

    func testInvalidUTF8OutsideStringIsAnEncodingProblem() throws {
        // A UTF-16 byte order mark: the file is not UTF-8 at all.
        let issue = try XCTUnwrap(jtIssue([0xFF, 0xFE, 0x7B, 0x00]))
        XCTAssertEqual(issue.kind, .invalidUTF8)
        XCTAssertEqual(issue.position, SourcePosition(offset: 0, line: 1, column: 1))
        XCTAssertEqual(issue.pointer, "")
    }

    func testValidMultiByteCharacters() throws {
        let document = try jtParse(#"["é☕😀", "𐍈"]"#)
        XCTAssertEqual(document.root[0]?.string, "é☕😀")
        XCTAssertEqual(document.root[1]?.string, "𐍈")
        XCTAssertEqual(document.root[1]?.position.column, 9)  // [ " é ☕ 😀 " , space then the quote
    }

    func testLoneHighSurrogate() throws {
        let issue = try XCTUnwrap(jtIssue(#"{"t": "ab\ud800"}"#))
        XCTAssertEqual(issue.kind, .loneSurrogate("\\ud800"))
        XCTAssertEqual(issue.code, "IK005")
        XCTAssertEqual(issue.position, SourcePosition(offset: 9, line: 1, column: 10))
        XCTAssertEqual(issue.pointer, "/t")
        XCTAssertEqual(issue.message, "the escape \\ud800 is half of a surrogate pair without its other half, which is not valid text")
    }

    func testLoneLowSurrogate() throws {
        let issue = try XCTUnwrap(jtIssue(#"["\udc00"]"#))
        XCTAssertEqual(issue.kind, .loneSurrogate("\\udc00"))
        XCTAssertEqual(issue.position.column, 3)
        XCTAssertEqual(issue.pointer, "/0")
    }

    func testHighSurrogateFollowedByNonLowEscape() throws {
        let issue = try XCTUnwrap(jtIssue(#"["\uD83D\u0041"]"#))
        XCTAssertEqual(issue.kind, .loneSurrogate("\\uD83D"))
        XCTAssertEqual(issue.position.column, 3)
    }

    func testLoneSurrogateInKeyNamesTheObject() throws {
        let issue = try XCTUnwrap(jtIssue(#"{"a": {"\udfff": 1}}"#))
        XCTAssertEqual(issue.kind, .loneSurrogate("\\udfff"))
        XCTAssertEqual(issue.pointer, "/a")
    }

    func testValidSurrogatePairCombines() throws {
        let document = try jtParse(#"["\ud83d\ude00", "\uD83C\uDF89!"]"#)
        XCTAssertEqual(document.root[0]?.string, "😀")
        XCTAssertEqual(document.root[1]?.string, "🎉!")
        XCTAssertTrue(document.warnings.isEmpty)
    }
}
