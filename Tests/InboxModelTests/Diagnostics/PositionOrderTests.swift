import XCTest
@testable import InboxModel

/// Findings by line, then column, in the order they were found at the same place: the
/// order every report lists them in, whether sorted in place by the analyzer or later.
final class PositionOrderTests: JSONTestCase {
    private func finding(_ line: Int, _ column: Int, _ code: String) -> Diagnostic {
        Diagnostic(code: code, severity: .warning, message: "m", source: "s", pointer: "", line: line, column: column)
    }

    /// The reference: a stable sort by (line, column).
    private func expected(_ findings: [Diagnostic]) -> [String] {
        findings.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
            .map(\.element.code)
    }

    func testShortAndLongListsSortStablyInPlace() {
        var generator = SeededGenerator(state: 5017)
        for count in [0, 1, 2, 3, 5, 31, 32, 33, 100] {
            for _ in 0 ..< 20 {
                // Few distinct places, so ties are common and stability shows.
                let findings = (0 ..< count).map { finding(Int.random(in: 1 ... 3, using: &generator),
                                                            Int.random(in: 1 ... 3, using: &generator), "F\($0)") }
                var sorted = findings
                PositionOrder.sort(&sorted)
                XCTAssertEqual(sorted.map(\.code), expected(findings), "\(count) findings")
                XCTAssertEqual(PositionOrder.sorted(findings).map(\.code), expected(findings))
                XCTAssertTrue(PositionOrder.isSorted(sorted))
            }
        }
    }

    /// The report tells whether each list it hands on came in position order, so the
    /// analyzer sorts only those that did not: findings in order, out of order, at one
    /// place, and a list after an unordered one.
    func testReportTellsWhetherAListCameInOrder() throws {
        let rule = RuleDescription(code: "IK999", severity: .info, title: "t", explanation: "e", triggers: [], passes: [])
        let root = try jtRoot(#"{"a": 1, "b": [2, 3], "c": 4}"#)
        let a = try XCTUnwrap(root["a"]), b = try XCTUnwrap(root["b"]), c = try XCTUnwrap(root["c"])
        var report = Report(source: "s")
        for (values, inOrder) in [([a, b, c], true), ([a, c, b], false), ([b, b, c], true), ([c], true), ([], true),
                                  ([c, a], false), ([a], true)] {
            for value in values { report.add(rule, at: value, "at \(value.index)") }
            let taken = report.takeDiagnostics()
            XCTAssertEqual(report.takenInPositionOrder, inOrder, "\(values.map(\.index))")
            XCTAssertEqual(PositionOrder.isSorted(taken), inOrder)
        }
    }

    /// A document-level finding attributed to the one message (a duplicate key in it) may
    /// come before the message's own findings: the list is then sorted.
    func testAttributedFindingsAreSortedIntoTheMessage() {
        let text = #"{"ios_title": "a", "ios_title": "b", "content": "x", "inbox_days": 3, "platforms": [3]}"#
        let document = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
        let unordered = Analyzer().diagnose(document).messages[0]
        XCTAssertEqual(unordered.last?.code, "IK002", "the duplicate key is attributed after the message's findings")
        XCTAssertFalse(PositionOrder.isSorted(unordered))
        let ordered = Analyzer(ordersByPosition: true).diagnose(document).messages[0]
        XCTAssertEqual(ordered.map(\.code), expected(unordered))
        XCTAssertTrue(PositionOrder.isSorted(ordered))
        XCTAssertNotEqual(ordered.last?.code, "IK002", "the duplicate key moved before the platforms finding")
    }

    func testAnalyzerCanHandFindingsInPositionOrder() {
        // IK204 (at the message's start) is found after IK102 (inbox_days) by rule order, but comes
        // first in the file.
        let text = #"{"ios_title": "Hi", "content": "x", "inbox_days": 900, "inbox_image": "https://cdn.example.com/a.jpg"}"#
        let document = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
        let unordered = Analyzer().diagnose(document).messages[0]
        XCTAssertFalse(PositionOrder.isSorted(unordered), "rule order differs from file order here")
        let ordered = Analyzer(ordersByPosition: true).diagnose(document).messages[0]
        XCTAssertEqual(ordered.map(\.code), expected(unordered))
        XCTAssertTrue(PositionOrder.isSorted(ordered))
        XCTAssertEqual(Set(ordered.map(\.code)), Set(unordered.map(\.code)))
    }
}
