import XCTest
@testable import InboxModel
@testable import InboxCore

/// Reading values from the tape: kinds, scalars, navigation, pointers and positions.
final class JSONValueTests: JSONTestCase {
    private let text = #"{"title": "Caf\u00e9 \"sale\"", "n": 1.50, "ok": true, "none": null, "list": [1, {"a": [2]}, [3]], "a/b": {"m~n": {"": 5}}}"#

    func testScalarsOnlyAnswerForTheirKind() throws {
        let root = try jtParse(text).root
        XCTAssertEqual(root.kind, .object)
        XCTAssertEqual(root["title"]?.string, "Café \"sale\"")
        XCTAssertNil(root["title"]?.number)
        XCTAssertNil(root["title"]?.bool)
        XCTAssertEqual(root["n"]?.number, 1.5)
        XCTAssertEqual(root["n"]?.numberText, "1.50")
        XCTAssertNil(root["n"]?.string)
        XCTAssertEqual(root["ok"]?.bool, true)
        XCTAssertEqual(root["none"]?.isNull, true)
        XCTAssertEqual(root["ok"]?.isNull, false)
        XCTAssertNil(root["none"]?.bool)
        XCTAssertNil(root["missing"])
        XCTAssertNil(root["list"]?["a"])
        XCTAssertNil(root[0])
    }

    func testStringEqualsComparesBytesWithAndWithoutEscapes() throws {
        let root = try jtParse(#"["café", "caf\u00e9", "e\u0301", "", 1]"#).root
        XCTAssertEqual(root[0]?.stringEquals("café"), true)
        XCTAssertEqual(root[1]?.stringEquals("café"), true)
        XCTAssertEqual(root[0]?.stringEquals("cafe"), false)
        XCTAssertEqual(root[0]?.stringEquals("café!"), false)
        // No Unicode normalisation: iOS dictionary keys compare the same way.
        XCTAssertEqual(root[2]?.stringEquals("é"), false)
        XCTAssertEqual(root[3]?.stringEquals(""), true)
        XCTAssertEqual(root[4]?.stringEquals("1"), false)
    }

    func testArraysAndCounts() throws {
        let root = try jtParse(text).root
        let list = try XCTUnwrap(root["list"])
        XCTAssertEqual(list.count, 3)
        XCTAssertEqual(list.elements.map(\.kind), [.number, .object, .array])
        XCTAssertEqual(list[1]?["a"]?[0]?.number, 2)
        XCTAssertEqual(list[2]?[0]?.number, 3)
        XCTAssertNil(list[3])
        XCTAssertNil(list[-1])
        XCTAssertEqual(root["n"]?.count, 0)
        XCTAssertEqual(root["n"]?.elements.count, 0)
        XCTAssertEqual(root["n"]?.members.count, 0)
        XCTAssertEqual(try jtParse("[]").root.count, 0)
        XCTAssertEqual(try jtParse("{}").root.members.count, 0)
    }

    func testScalarArrayDirectIndexing() throws {
        let root = try jtParse("[10, 20, 30]").root
        XCTAssertEqual(root[2]?.number, 30)
        XCTAssertEqual(root[2]?.pointer, "/2")
    }

    func testKeyOrderIsSourceOrder() throws {
        let root = try jtParse(#"{"z": 1, "a": 2, "m": 3}"#).root
        XCTAssertEqual(root.keys, ["z", "a", "m"])
        XCTAssertEqual(root.members.map(\.key), ["z", "a", "m"])
    }

    func testPointersEscapeTildeAndSlash() throws {
        let root = try jtParse(text).root
        XCTAssertEqual(root.pointer, "")
        XCTAssertEqual(root["title"]?.pointer, "/title")
        XCTAssertEqual(root["list"]?[1]?["a"]?[0]?.pointer, "/list/1/a/0")
        XCTAssertEqual(root["a/b"]?.pointer, "/a~1b")
        XCTAssertEqual(root["a/b"]?["m~n"]?.pointer, "/a~1b/m~0n")
        XCTAssertEqual(root["a/b"]?["m~n"]?[""]?.pointer, "/a~1b/m~0n/")
    }

    func testPositionsAndKeyPositions() throws {
        let document = try jtParse("{\n  \"a\": [true,\n    \"é\", \"x\"]\n}")
        let a = try XCTUnwrap(document.root["a"])
        XCTAssertEqual(a.position, SourcePosition(offset: 9, line: 2, column: 8))
        XCTAssertEqual(a.keyPosition, SourcePosition(offset: 4, line: 2, column: 3))
        XCTAssertEqual(a[1]?.position, SourcePosition(offset: 20, line: 3, column: 5))
        XCTAssertEqual(a[2]?.position, SourcePosition(offset: 26, line: 3, column: 10))
        XCTAssertNil(a[0]?.keyPosition)
        XCTAssertNil(document.root.keyPosition)
        XCTAssertEqual(document.position(atOffset: 0), SourcePosition(offset: 0, line: 1, column: 1))
    }

    func testPositionOnALongMinifiedLineUsesCheckpoints() throws {
        // One line of ~200 KB with multi-byte characters: columns must still count scalars.
        var text = "["
        for _ in 0 ..< 20000 { text += "\"é\"," }
        text += "x]"
        let issue = try XCTUnwrap(jtIssue(text))
        XCTAssertEqual(issue.position.column, 1 + 20000 * 4 + 1)
        XCTAssertEqual(issue.position.offset, 1 + 20000 * 5)
        var valid = "["
        for _ in 0 ..< 20000 { valid += "\"é\"," }
        valid += "\"end\"]"
        let document = try jtParse(valid)
        XCTAssertEqual(document.root[20000]?.position.column, 1 + 20000 * 4 + 1)
        XCTAssertEqual(document.root[12345]?.position.column, 1 + 12345 * 4 + 1)
    }

    func testParentAndSourceText() throws {
        let root = try jtParse(#"{"a": [1, {"b": "x\ny"}]}"#).root
        let b = try XCTUnwrap(root["a"]?[1]?["b"])
        XCTAssertEqual(b.parent?.pointer, "/a/1")
        XCTAssertEqual(b.parent?.parent?.parent?.pointer, "")
        XCTAssertNil(root.parent)
        XCTAssertEqual(b.sourceText, #""x\ny""#)
        XCTAssertEqual(root["a"]?.sourceText, #"[1, {"b": "x\ny"}]"#)
    }

    func testEmptyKeyAndEmptyString() throws {
        let root = try jtParse(#"{"": ""}"#).root
        XCTAssertEqual(root[""]?.string, "")
        XCTAssertEqual(root.keys, [""])
    }

    func testJSONPointerHelpers() {
        XCTAssertEqual(JSONPointer.escape("a/b~c"), "a~1b~0c")
        XCTAssertEqual(JSONPointer.escape("~1"), "~01")
        XCTAssertEqual(JSONPointer.escape("plain"), "plain")
        XCTAssertEqual(JSONPointer.appending("/data", "x/y"), "/data/x~1y")
        XCTAssertEqual(JSONPointer.appending("", 3), "/3")
    }
}
