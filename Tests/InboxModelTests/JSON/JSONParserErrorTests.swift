import XCTest
@testable import InboxModel
@testable import InboxCore

/// Parses input that must fail and returns the issue.
func jtIssue(_ bytes: [UInt8], firstLine: Int = 1, maxDepth: Int = 512, file: StaticString = #filePath, line: UInt = #line) -> JSONIssue? {
    switch JSONDocument.parse(bytes, firstLine: firstLine, maxDepth: maxDepth) {
    case .success:
        XCTFail("expected a parse failure", file: file, line: line)
        return nil
    case let .failure(issue): return issue
    }
}

func jtIssue(_ text: String, firstLine: Int = 1, maxDepth: Int = 512, file: StaticString = #filePath, line: UInt = #line) -> JSONIssue? {
    jtIssue(Array(text.utf8), firstLine: firstLine, maxDepth: maxDepth, file: file, line: line)
}

/// Syntax errors (IK001): exact kind, position and pointer. Pointer convention: the value being
/// parsed ("/a/b/2" for a missing array element) or, between members, the enclosing container.
final class JSONParserErrorTests: JSONTestCase {
    func testTrailingCommaInArrayPointsAtMissingElement() throws {
        let issue = try XCTUnwrap(jtIssue(#"{"a": {"b": [1, 2,]}}"#))
        XCTAssertEqual(issue.code, "IK001")
        XCTAssertEqual(issue.kind, .syntax(expected: "a value", found: "']'"))
        XCTAssertEqual(issue.position, SourcePosition(offset: 18, line: 1, column: 19))
        XCTAssertEqual(issue.pointer, "/a/b/2")
        XCTAssertEqual(issue.message, "JSON syntax error: expected a value after ',' in an array but found ']' (JSON does not allow a trailing comma)")
    }

    func testMissingCommaBetweenMembersNamesTheObject() throws {
        let issue = try XCTUnwrap(jtIssue(#"{"a": {"x": 1 "y": 2}}"#))
        XCTAssertEqual(issue.kind, .syntax(expected: "',' or '}'", found: "'\"'"))
        // A missing comma is placed right after the value it should follow.
        XCTAssertEqual(issue.position, SourcePosition(offset: 13, line: 1, column: 14))
        XCTAssertEqual(issue.mistake, .missingComma(after: SourcePosition(offset: 13, line: 1, column: 14)))
        XCTAssertEqual(issue.pointer, "/a")
        XCTAssertEqual(issue.message, "JSON syntax error: expected ',' or '}' after an object member but found '\"'")
    }

    func testWrongCloserAfterMember() throws {
        let issue = try XCTUnwrap(jtIssue(#"{"a": 1]"#))
        XCTAssertEqual(issue.kind, .syntax(expected: "',' or '}'", found: "']'"))
        XCTAssertEqual(issue.message, "JSON syntax error: expected ',' or '}' after an object member but found ']'")
        XCTAssertEqual(issue.position.column, 8)
        XCTAssertEqual(issue.pointer, "")
    }

    func testMultiLineInputReportsLineAndColumn() throws {
        let text = """
        {
          "title": "Sale",
          "buttons": [
            {"id": 1},
            {"id": 2,}
          ]
        }
        """
        let issue = try XCTUnwrap(jtIssue(text))
        XCTAssertEqual(issue.kind, .syntax(expected: "a key in double quotes", found: "'}'"))
        XCTAssertEqual(issue.position.line, 5)
        XCTAssertEqual(issue.position.column, 14)
        // line 1 "{\n" (2) + line 2 (19) + line 3 (15) + line 4 (15) = 51, then 13 bytes into line 5
        XCTAssertEqual(issue.position.offset, 64)
        XCTAssertEqual(issue.pointer, "/buttons/1")
    }

    func testColumnCountsUnicodeScalarsNotBytes() throws {
        // "é" is 2 bytes, "☕" 3 bytes: column 26 is byte offset 28.
        let issue = try XCTUnwrap(jtIssue(#"{"titre": "Café ☕", "x": tru}"#))
        XCTAssertEqual(issue.kind, .syntax(expected: "'true'", found: "'tru'"))
        XCTAssertEqual(issue.position, SourcePosition(offset: 28, line: 1, column: 26))
        XCTAssertEqual(issue.pointer, "/x")
        XCTAssertEqual(issue.message, "JSON syntax error: expected 'true' but found 'tru'")
    }

    func testColumnAfterEmojiOnSecondLine() throws {
        let issue = try XCTUnwrap(jtIssue("[\"😀😀\",\n \"🎉\" x]"))
        XCTAssertEqual(issue.kind, .syntax(expected: "',' or ']'", found: "'x'"))
        XCTAssertEqual(issue.position.line, 2)
        // Read as a missing comma: placed right after "🎉".
        XCTAssertEqual(issue.position.column, 5)
        XCTAssertEqual(issue.position.offset, 12 + 8)
        XCTAssertEqual(issue.pointer, "")
    }

    func testCRLFLineEndings() throws {
        let issue = try XCTUnwrap(jtIssue("{\r\n\"a\": 1,\r\n\"b\": }"))
        XCTAssertEqual(issue.position.line, 3)
        XCTAssertEqual(issue.position.column, 6)
        XCTAssertEqual(issue.pointer, "/b")
    }

    func testFirstLineOffsetsLineNumbers() throws {
        let issue = try XCTUnwrap(jtIssue("{\"a\":\n  nope}", firstLine: 42))
        XCTAssertEqual(issue.position.line, 43)
        XCTAssertEqual(issue.position.column, 3)
        // "nope" is not a near miss of "null", so the generic expectation is reported.
        XCTAssertEqual(issue.kind, .syntax(expected: "a value", found: "'nope'"))
    }

    func testBaseOffsetAndPointerPrefixAreApplied() throws {
        let result = JSONDocument.parse(Array("[1, x]".utf8), firstLine: 7, pointerPrefix: "/batch/3", baseOffset: 1000)
        guard case let .failure(issue) = result else { return XCTFail("expected failure") }
        XCTAssertEqual(issue.position, SourcePosition(offset: 1004, line: 7, column: 5))
        XCTAssertEqual(issue.pointer, "/batch/3/1")
        let document = kept(try JSONDocument.parse(Array("{\"a\": [true]}".utf8), pointerPrefix: "/batch/3").get())
        XCTAssertEqual(document.root["a"]?[0]?.pointer, "/batch/3/a/0")
    }

    func testEmptyAndWhitespaceOnlyInput() throws {
        let empty = try XCTUnwrap(jtIssue(""))
        XCTAssertEqual(empty.kind, .syntax(expected: "a value", found: "end of input"))
        XCTAssertEqual(empty.position, SourcePosition(offset: 0, line: 1, column: 1))
        XCTAssertEqual(empty.message, "JSON syntax error: expected a value but found end of input")
        let blank = try XCTUnwrap(jtIssue("  \n "))
        XCTAssertEqual(blank.kind, .syntax(expected: "a value", found: "end of input"))
        XCTAssertEqual(blank.position, SourcePosition(offset: 4, line: 2, column: 2))
        XCTAssertEqual(blank.pointer, "")
    }

    func testTrailingContentAfterTopLevelValue() throws {
        let issue = try XCTUnwrap(jtIssue("{} {}"))
        XCTAssertEqual(issue.kind, .syntax(expected: "end of input", found: "'{'"))
        XCTAssertEqual(issue.position.column, 4)
        XCTAssertEqual(issue.pointer, "")
        XCTAssertEqual(issue.message, "JSON syntax error: expected end of input after the top-level value but found '{'")
    }

    func testUnterminatedContainersAndStrings() throws {
        let array = try XCTUnwrap(jtIssue("[1, 2"))
        XCTAssertEqual(array.kind, .syntax(expected: "',' or ']'", found: "end of input"))
        XCTAssertEqual(array.position.offset, 5)
        let string = try XCTUnwrap(jtIssue(#"{"a": "abc"#))
        XCTAssertEqual(string.kind, .syntax(expected: "'\"'", found: "end of input"))
        XCTAssertEqual(string.pointer, "/a")
        XCTAssertEqual(string.position.column, 11)
        let object = try XCTUnwrap(jtIssue(#"{"a""#))
        XCTAssertEqual(object.kind, .syntax(expected: "':'", found: "end of input"))
        XCTAssertEqual(object.pointer, "/a")
    }

    func testKeysMustBeQuoted() throws {
        let issue = try XCTUnwrap(jtIssue("{title: 1}"))
        XCTAssertEqual(issue.kind, .syntax(expected: "a key in double quotes or '}'", found: "'title'"))
        XCTAssertEqual(issue.position.column, 2)
        XCTAssertEqual(issue.pointer, "")
        let colon = try XCTUnwrap(jtIssue(#"{"a" 1}"#))
        XCTAssertEqual(colon.kind, .syntax(expected: "':'", found: "'1'"))
        XCTAssertEqual(colon.message, "JSON syntax error: expected ':' after the key \"a\" but found '1'")
        XCTAssertEqual(colon.pointer, "/a")
    }

    func testTrailingCommaInObject() throws {
        let issue = try XCTUnwrap(jtIssue(#"{"a": {"b": 1,}}"#))
        XCTAssertEqual(issue.kind, .syntax(expected: "a key in double quotes", found: "'}'"))
        XCTAssertEqual(issue.pointer, "/a")
        XCTAssertEqual(issue.position.column, 15)
        XCTAssertTrue(issue.message.hasSuffix("(JSON does not allow a trailing comma)"))
    }

    func testLiterals() throws {
        XCTAssertEqual(jtIssue("[nul]")?.kind, .syntax(expected: "'null'", found: "'nul'"))
        XCTAssertEqual(jtIssue("[falsey]")?.kind, .syntax(expected: "'false'", found: "'falsey'"))
        XCTAssertEqual(jtIssue("[True]")?.kind, .syntax(expected: "a value or ']'", found: "'True'"))
        XCTAssertEqual(jtIssue(#"{"a": undefined}"#)?.kind, .syntax(expected: "a value", found: "'undefined'"))
        XCTAssertEqual(jtIssue("[1, NaN]")?.kind, .syntax(expected: "a value", found: "'NaN'"))
        XCTAssertEqual(jtIssue("[1, NaN]")?.pointer, "/1")
        XCTAssertEqual(jtIssue("Infinity")?.kind, .syntax(expected: "a value", found: "'Infinity'"))
        let document = try jtParse("[true, false, null]")
        XCTAssertEqual(document.root.elements.map(\.kind), [.bool, .bool, .null])
    }

    func testSingleQuotedStringsExplainDoubleQuotes() throws {
        let issue = try XCTUnwrap(jtIssue("['a']"))
        XCTAssertEqual(issue.kind, .syntax(expected: "a value or ']'", found: "\"'\""))
        XCTAssertTrue(issue.message.contains("JSON strings use double quotes"))
    }

    func testNulByteOutsideStringIsSyntaxError() throws {
        let issue = try XCTUnwrap(jtIssue([0x5B, 0x31, 0x2C, 0x00, 0x5D]))
        XCTAssertEqual(issue.code, "IK001")
        XCTAssertEqual(issue.kind, .syntax(expected: "a value", found: "byte 0x00"))
        XCTAssertEqual(issue.position, SourcePosition(offset: 3, line: 1, column: 4))
        XCTAssertEqual(issue.pointer, "/1")
    }

    func testControlCharactersInStringsMustBeEscaped() throws {
        let tab = try XCTUnwrap(jtIssue("[\"a\tb\"]"))
        XCTAssertEqual(tab.kind, .syntax(expected: "'\"' or an escape sequence", found: "a tab"))
        XCTAssertEqual(tab.position.column, 4)
        XCTAssertEqual(tab.pointer, "/0")
        let newline = try XCTUnwrap(jtIssue("{\"a\": \"line one\nline two\"}"))
        XCTAssertEqual(newline.kind, .syntax(expected: "'\"' or an escape sequence", found: "a line break"))
        XCTAssertEqual(newline.position, SourcePosition(offset: 15, line: 1, column: 16))
        XCTAssertTrue(newline.message.contains("not closed before the end of the line"))
        let nul = try XCTUnwrap(jtIssue([0x22, 0x00, 0x22]))
        XCTAssertEqual(nul.kind, .syntax(expected: "'\"' or an escape sequence", found: "byte 0x00"))
        XCTAssertEqual(nul.position.column, 2)
    }

    func testInvalidEscapes() throws {
        let bad = try XCTUnwrap(jtIssue(#"["\x"]"#))
        XCTAssertEqual(bad.kind, .syntax(expected: #"one of \" \\ \/ \b \f \n \r \t \u"#, found: "'x'"))
        XCTAssertEqual(bad.position.column, 4)
        let shortHex = try XCTUnwrap(jtIssue(#"["\u12"]"#))
        XCTAssertEqual(shortHex.kind, .syntax(expected: "four hex digits", found: "'\"'"))
        XCTAssertEqual(shortHex.position.column, 7)
    }

    func testByteOrderMarkIsSkippedAndNotCounted() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let document = try jtParse(bom + Array(#"{"a": 1}"#.utf8))
        XCTAssertEqual(document.root["a"]?.number, 1)
        XCTAssertEqual(document.root.position, SourcePosition(offset: 3, line: 1, column: 1))
        let issue = try XCTUnwrap(jtIssue(bom + Array(#"{"a": x}"#.utf8)))
        XCTAssertEqual(issue.position, SourcePosition(offset: 9, line: 1, column: 7))
    }

    func testNumberSyntaxErrors() throws {
        let leadingZero = try XCTUnwrap(jtIssue("[01]"))
        XCTAssertEqual(leadingZero.kind, .syntax(expected: "'.', 'e' or the end of the number", found: "'1'"))
        XCTAssertEqual(leadingZero.position.column, 3)
        XCTAssertEqual(leadingZero.pointer, "/0")
        XCTAssertEqual(leadingZero.message, "JSON syntax error: a number cannot start with a leading zero (found 01)")
        XCTAssertEqual(jtIssue("-01")?.kind, .syntax(expected: "'.', 'e' or the end of the number", found: "'1'"))
        XCTAssertEqual(jtIssue("+1")?.kind, .syntax(expected: "a value", found: "'+'"))
        XCTAssertEqual(jtIssue(".5")?.kind, .syntax(expected: "a value", found: "'.'"))
        XCTAssertEqual(jtIssue("1.")?.kind, .syntax(expected: "a digit", found: "end of input"))
        XCTAssertEqual(jtIssue("1.x")?.message, "JSON syntax error: expected a digit after the decimal point but found 'x'")
        XCTAssertEqual(jtIssue("-")?.kind, .syntax(expected: "a digit", found: "end of input"))
        XCTAssertEqual(jtIssue("1e")?.message, "JSON syntax error: expected a digit in the exponent but found end of input")
        XCTAssertEqual(jtIssue("1e+")?.kind, .syntax(expected: "a digit", found: "end of input"))
        XCTAssertEqual(jtIssue("[1 2]")?.kind, .syntax(expected: "',' or ']'", found: "'2'"))
    }
}
