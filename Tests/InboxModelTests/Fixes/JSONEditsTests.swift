import XCTest
@testable import InboxModel
@testable import InboxCore

/// Fixes built from changes to values: only the bytes of the change move, and a change
/// inside a JSON string is written back into it, escaped.
final class JSONEditsTests: XCTestCase {
    private func document(_ text: String, baseOffset: Int = 0) throws -> JSONDocument {
        try JSONDocument.parse(Array(text.utf8), baseOffset: baseOffset).get()
    }

    /// `text` with the fix `build` makes from its root.
    private func fixed(_ text: String, _ build: (JSONValue, inout JSONEdits) throws -> Void) throws -> String? {
        let parsed = try document(text)
        var edits = JSONEdits()
        try build(parsed.root, &edits)
        guard let fix = edits.fix(.safe) else { return nil }
        return String(decoding: fix.edits.applied(to: Array(text.utf8)), as: UTF8.self)
    }

    func testRemovingAMemberTakesItsComma() throws {
        let text = #"{"a": 1, "b": [2], "c": {"d": 3}}"#
        XCTAssertEqual(try fixed(text) { root, edits in edits.remove(try XCTUnwrap(root["a"])) }, #"{"b": [2], "c": {"d": 3}}"#)
        XCTAssertEqual(try fixed(text) { root, edits in edits.remove(try XCTUnwrap(root["b"])) }, #"{"a": 1, "c": {"d": 3}}"#)
        XCTAssertEqual(try fixed(text) { root, edits in edits.remove(try XCTUnwrap(root["c"])) }, #"{"a": 1, "b": [2]}"#)
        XCTAssertEqual(try fixed(#"{ "only": true }"#) { root, edits in edits.remove(try XCTUnwrap(root["only"])) }, "{  }")
        XCTAssertEqual(try fixed("[1, 2, 3]") { root, edits in edits.remove(try XCTUnwrap(root[1])) }, "[1, 3]")
    }

    func testRemovingElementsFromAPositionOn() throws {
        XCTAssertEqual(try fixed(#"{"s": [1, 2, 3, 4]}"#) { root, edits in edits.removeElements(of: try XCTUnwrap(root["s"]), from: 2) },
                       #"{"s": [1, 2]}"#)
        XCTAssertEqual(try fixed(#"{"s": [ 1, 2 ]}"#) { root, edits in edits.removeElements(of: try XCTUnwrap(root["s"]), from: 0) },
                       #"{"s": [ ]}"#)
    }

    func testInsertedMembersAreLaidOutLikeTheirNeighbours() throws {
        XCTAssertEqual(try fixed("{}") { root, edits in edits.insert(key: "k", json: "1", into: root) }, #"{"k": 1}"#)
        XCTAssertEqual(try fixed(#"{"a": 1}"#) { root, edits in edits.insert(key: "k", json: "[]", into: root) }, #"{"a": 1, "k": []}"#)
        XCTAssertEqual(try fixed("{\r\n\t\t\"a\": 1\r\n}") { root, edits in edits.insert(key: "k", json: "true", into: root) },
                       "{\r\n\t\t\"a\": 1,\r\n\t\t\"k\": true\r\n}")
        XCTAssertEqual(try fixed("{\n  \"a\": {\n    \"b\": 1\n  }\n}") { root, edits in
            edits.insert(key: "c", json: "2", into: try XCTUnwrap(root["a"]))
        }, "{\n  \"a\": {\n    \"b\": 1,\n    \"c\": 2\n  }\n}")
    }

    func testRenamingAKeyKeepsItsValueAsWritten() throws {
        XCTAssertEqual(try fixed(#"{"DisplayType" :  "Banner"}"#) { root, edits in
            edits.renameKey(of: try XCTUnwrap(root["DisplayType"]), to: "displayType")
        }, #"{"displayType" :  "Banner"}"#)
        let parsed = try document(#"{"data": {"displaytype": 1.50}}"#)
        let fix = try XCTUnwrap(Fix.renamingKey(of: try XCTUnwrap(parsed.root["data"]?["displaytype"]), to: "displayType"))
        XCTAssertEqual(String(decoding: fix.edits.applied(to: Array(#"{"data": {"displaytype": 1.50}}"#.utf8)), as: UTF8.self),
                       #"{"data": {"displayType": 1.50}}"#)
    }

    /// An edit in JSON held in a string (twice over here) rewrites that string only, escaped
    /// so the outer document still parses and the inner one reads as edited.
    func testEditsInsideStringsAreEscapedIntoThem() throws {
        let inner = #"{"pinned": "true", "note": "say \"hi\" \/ é"}"#
        let middle = JSONText.quote(#"{"u": "# + JSONText.quote(inner) + "}")
        let text = #"{"keep": "a\/b", "data": "# + middle + "}"
        let outer = try document(text)
        let dataString = try XCTUnwrap(outer.root["data"])
        let data = try XCTUnwrap(dataString.parseNested()).get()
        let u = try XCTUnwrap(data.root["u"]?.parseNested()).get()
        var edits = JSONEdits()
        edits.replace(try XCTUnwrap(u.root["pinned"]), with: "true")
        let fix = try XCTUnwrap(withExtendedLifetime((data, u)) { edits.fix(.safe) })
        XCTAssertEqual(fix.edits.count, 1)
        XCTAssertEqual(fix.edits[0].range, dataString.byteRange)
        let result = fix.edits.applied(to: Array(text.utf8))
        XCTAssertTrue(result.starts(with: Array(#"{"keep": "a\/b", "data": "#.utf8)))
        let reparsed = try JSONDocument.parse(result).get()
        let reData = try XCTUnwrap(reparsed.root["data"]?.parseNested()).get()
        let reU = try XCTUnwrap(reData.root["u"]?.parseNested()).get()
        XCTAssertEqual(reU.root["pinned"]?.bool, true)
        XCTAssertEqual(reU.root["note"]?.string, #"say "hi" / é"#)
    }

    func testEditsOfALineAreShiftedToWhereItIs() throws {
        let parsed = try document(#"{"a": "x"}"#, baseOffset: 100)
        var edits = JSONEdits()
        edits.replace(try XCTUnwrap(parsed.root["a"]), with: "1")
        XCTAssertEqual(edits.fix(.safe)?.edits, [TextEdit(106 ..< 109, "1")])
    }

    func testConflictingEditsMakeNoFix() throws {
        let parsed = try document(#"{"a": 1}"#)
        var edits = JSONEdits()
        edits.replace(try XCTUnwrap(parsed.root["a"]), with: "2")
        edits.remove(try XCTUnwrap(parsed.root["a"]))
        XCTAssertNil(edits.fix(.safe))
        XCTAssertTrue(TextEdit(3 ..< 3, "x").conflicts(with: TextEdit(3 ..< 3, "y")))
        XCTAssertTrue(TextEdit(2 ..< 5, "").conflicts(with: TextEdit(4 ..< 4, "y")))
        XCTAssertFalse(TextEdit(2 ..< 5, "").conflicts(with: TextEdit(5 ..< 5, "y")))
    }

    func testTrailingCommaIsLocated() throws {
        for (text, comma) in [(#"{"a": 1 , }"#, 8), ("[1,\r\n]", 2), (#"{"a": [1,]}"#, 8)] {
            guard case .failure(let issue) = JSONDocument.parse(Array(text.utf8)) else { return XCTFail(text) }
            XCTAssertEqual(issue.trailingComma, comma, text)
        }
        guard case .failure(let issue) = JSONDocument.parse(Array(#"{"a": 1 "b": 2}"#.utf8)) else { return XCTFail() }
        XCTAssertNil(issue.trailingComma)
    }
}

final class UnifiedDiffTests: XCTestCase {
    private func diff(_ old: String, _ new: String) -> String {
        UnifiedDiff.diff(Array(old.utf8), Array(new.utf8), oldName: "f", newName: "f")
    }

    func testNoChangeIsNoDiff() {
        XCTAssertEqual(diff("a\nb\n", "a\nb\n"), "")
    }

    func testChangesWithThreeLinesOfContext() {
        let old = (1 ... 12).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 6\n", with: "line six\n").replacingOccurrences(of: "line 12\n", with: "")
        XCTAssertEqual(diff(old, new), """
            --- f
            +++ f
            @@ -3,10 +3,9 @@
             line 3
             line 4
             line 5
            -line 6
            +line six
             line 7
             line 8
             line 9
             line 10
             line 11
            -line 12

            """)
    }

    func testLastLineWithoutALineFeedIsMarked() {
        XCTAssertEqual(diff("a\r\nb", "a\r\nc"), "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\r\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
    }
}

/// IK301's guess: `https://` only in front of what looks like a host name.
final class NoSchemeFixTests: XCTestCase {
    func testHTTPSIsAddedOnlyInFrontOfAHost() throws {
        let cases: [(String, String?)] = [("cdn.example.com/a.png", "https://cdn.example.com/a.png"),
                                          ("//cdn.example.com/a.png", "https://cdn.example.com/a.png"),
                                          ("shop.example.com:8080/x?y=1", "https://shop.example.com:8080/x?y=1"),
                                          ("banner.png", nil), ("img/banner.jpg", nil), ("shop", nil),
                                          ("cdn.example.com/a b.png", nil), (".example.com/x", nil)]
        for (url, expected) in cases {
            let text = #"{"u": "# + JSONText.quote(url) + "}"
            let document = try JSONDocument.parse(Array(text.utf8)).get()
            let fix = NoScheme.withHTTPS(try XCTUnwrap(document.root["u"]))
            let fixed = fix.map { String(decoding: $0.edits.applied(to: Array(text.utf8)), as: UTF8.self) }
            XCTAssertEqual(fixed, expected.map { #"{"u": "# + JSONText.quote($0) + "}" }, url)
            XCTAssertEqual(fix?.safety ?? .unsafe, .unsafe)
        }
    }
}

extension UnifiedDiffTests {
    /// A long file with changes here and there (beyond the size matched line by line): each
    /// change is a small hunk of its own, not the whole file removed and added.
    func testLargeFilesGetSmallHunks() {
        let old = (0 ..< 3000).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 100\n", with: "line one hundred\n")
            .replacingOccurrences(of: "line 2900\n", with: "line 2900\nline 2900b\n")
        let lines = UnifiedDiff.diff(Array(old.utf8), Array(new.utf8), oldName: "f", newName: "f").split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("@@") }, ["@@ -98,7 +98,7 @@", "@@ -2899,6 +2899,7 @@"])
        XCTAssertEqual(lines.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }, ["-line 100"])
        XCTAssertEqual(lines.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }, ["+line one hundred", "+line 2900b"])
    }
}
