import XCTest
@testable import InboxModel
@testable import InboxCore

/// Duplicate keys (IK002): the last one wins, as with NSJSONSerialization on iOS, and both
/// positions are reported.
final class JSONDuplicateKeyTests: JSONTestCase {
    private let text = """
    {
      "title": "A",
      "body": "x",
      "title": "B"
    }
    """

    func testLastOneWinsAndBothPositionsAreReported() throws {
        let document = try jtParse(text)
        XCTAssertEqual(document.root["title"]?.string, "B")
        XCTAssertEqual(document.warnings.count, 1)
        let warning = document.warnings[0]
        XCTAssertEqual(warning.code, "IK002")
        XCTAssertEqual(warning.kind, .duplicateKey(key: "title", first: SourcePosition(offset: 4, line: 2, column: 3)))
        XCTAssertEqual(warning.position, SourcePosition(offset: 35, line: 4, column: 3))
        XCTAssertEqual(warning.pointer, "/title")
        XCTAssertEqual(warning.message,
                       "duplicate key \"title\": the last one (line 4) wins, as on iOS; the first is at line 2, column 3")
    }

    func testMembersKeepDuplicatesAndSourceOrder() throws {
        let document = try jtParse(text)
        XCTAssertEqual(document.root.members.map(\.key), ["title", "body", "title"])
        XCTAssertEqual(document.root.members.map { $0.value.string }, ["A", "x", "B"])
        XCTAssertEqual(document.root.keys, ["title", "body"])
        XCTAssertEqual(document.root.count, 3)
    }

    func testThreeOccurrencesNameTheLastOneAndTheFirst() throws {
        let document = try jtParse(#"{"k": 1, "x": 0, "k": 2, "k": 3}"#)
        XCTAssertEqual(document.root["k"]?.number, 3)
        XCTAssertEqual(document.warnings.count, 2)
        XCTAssertEqual(document.warnings.map(\.position.column), [18, 26])
        for warning in document.warnings {
            XCTAssertEqual(warning.kind, .duplicateKey(key: "k", first: SourcePosition(offset: 1, line: 1, column: 2)))
            XCTAssertEqual(warning.message,
                           "duplicate key \"k\": the last one (line 1, column 26) wins, as on iOS; the first is at line 1, column 2")
        }
    }

    func testEscapedSpellingOfTheSameKeyIsADuplicate() throws {
        let document = try jtParse(#"{"a": 1, "\u0061": 2}"#)
        XCTAssertEqual(document.warnings.map(\.kind), [.duplicateKey(key: "a", first: SourcePosition(offset: 1, line: 1, column: 2))])
        XCTAssertEqual(document.root["a"]?.number, 2)
    }

    func testSameKeyInDifferentObjectsIsNotADuplicate() throws {
        let document = try jtParse(#"{"a": {"a": 1}, "b": {"a": 2, "c": {"a": 3}}}"#)
        XCTAssertTrue(document.warnings.isEmpty)
    }

    func testDuplicateInsideNestedObjectHasFullPointer() throws {
        let document = try jtParse(#"{"data": {"a/b": 1, "a/b": 2}}"#)
        XCTAssertEqual(document.warnings.first?.pointer, "/data/a~1b")
    }

    func testHugeObjectUsesHashingAndFindsLateDuplicates() throws {
        var text = "{"
        for i in 0 ..< 20000 { text += "\"k\(i)\": \(i)," }
        text += "\"k5\": -1, \"k19999\": -2, \"\\u006b7\": -3}"
        let start = Date()
        let document = try jtParse(text)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.0)
        XCTAssertEqual(document.warnings.map(\.pointer), ["/k5", "/k19999", "/k7"])
        XCTAssertEqual(document.root["k5"]?.number, -1)
        XCTAssertEqual(document.root["k6"]?.number, 6)
        XCTAssertEqual(document.root.count, 20003)
        XCTAssertEqual(document.root.keys.count, 20000)
    }

    func testDuplicatesAfterTheHashThresholdInNestedObjects() throws {
        // An outer object past the threshold containing an inner one past it too.
        var inner = "{"
        for i in 0 ..< 20 { inner += "\"i\(i)\": 0," }
        inner += "\"i3\": 1}"
        var outer = "{"
        for i in 0 ..< 20 { outer += "\"o\(i)\": \(i == 18 ? inner : "0")," }
        outer += "\"o2\": 1, \"i3\": 0}"
        let document = try jtParse(outer)
        XCTAssertEqual(document.warnings.map(\.pointer), ["/o18/i3", "/o2"])
    }

    func testKeysSeenBeforeANestedContainerAreRememberedAfterIt() throws {
        // The outer object's keys (and their filter bits) are parked in its node while the
        // nested containers are parsed, then restored: the later "a" and "n" are still
        // duplicates, and the inner objects' keys do not leak out.
        let document = try jtParse(#"{"a": 1, "n": [{"b": 1, "x": {"c": 0}}, [{"a": 2}]], "b": 0, "c": 0, "a": 3, "n": 4}"#)
        XCTAssertEqual(document.warnings.map(\.pointer), ["/a", "/n"])
        XCTAssertEqual(document.root["a"]?.number, 3)
        XCTAssertEqual(document.root.keys, ["a", "n", "b", "c"])
        XCTAssertEqual(document.root.members.map(\.value.pointer), ["/a", "/n", "/b", "/c", "/a", "/n"])
        let n = try XCTUnwrap(document.root.members[1].value)
        XCTAssertEqual(n.count, 2)
        XCTAssertEqual(n[0]?["x"]?["c"]?.number, 0)
        XCTAssertEqual(n[1]?[0]?["a"]?.number, 2)
        XCTAssertEqual(n[1]?[0]?["a"]?.pointer, "/n/1/0/a")
    }

    func testKeysListEachDecodedNameOnceInOrderOfFirstAppearance() throws {
        let document = try jtParse(#"{"b": 1, "a\u00e9": 2, "\u0062": 3, "c/d": 4, "a\u00e9": 5, "": 6, "": 7}"#)
        XCTAssertEqual(document.root.keys, ["b", "a\u{e9}", "c/d", ""])
        XCTAssertEqual(try jtParse(#"{"x": {"y": 1}, "z": []}"#).root.keys, ["x", "z"])
        XCTAssertEqual(try jtParse("[1]").root.keys, [])
    }

    func testEveryKeyOfASmallObjectIsComparedWhenFiltersCollide() throws {
        // Sixteen distinct keys set many of the 64 filter bits; every repeat must still be found.
        let names = (0 ..< 16).map { "key\($0)" }
        let text = "{" + (names + names).map { "\"\($0)\": 0" }.joined(separator: ", ") + "}"
        let document = try jtParse(text)
        XCTAssertEqual(document.warnings.map(\.pointer), names.map { "/" + $0 })
        XCTAssertEqual(document.root.keys, names)
    }

    func testWarningsAreCappedAndTheRestCounted() throws {
        let text = "{" + Array(repeating: "\"a\": 1", count: 1500).joined(separator: ",") + "}"
        let document = try jtParse(text)
        // The first 1000, then the last one, saying how many more there were.
        XCTAssertEqual(document.warnings.count, JSONDocument.maxWarnings + 1)
        XCTAssertEqual(JSONDocument.maxWarnings, 1000)
        XCTAssertTrue(document.warnings.last?.message.hasPrefix("499 more duplicate keys") == true)
        XCTAssertEqual(document.warnings.last?.position.column, text.utf8.count - 6)
    }
}
