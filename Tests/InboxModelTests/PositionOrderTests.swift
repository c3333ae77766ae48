import XCTest
@testable import InboxModel

/// Findings by line, then column, in the order they were found at the same place: the
/// order every report lists them in, whether sorted in place by the analyzer or later.
final class PositionOrderTests: XCTestCase {
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

    func testAnalyzerCanHandFindingsInPositionOrder() {
        // IK104 (platforms) is found before IK102 (inbox_days) by rule order, but comes later in the file.
        let text = #"{"ios_title": "Hi", "content": "x", "inbox_days": 900, "platforms": [3]}"#
        let document = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "t.json")
        let unordered = Analyzer().diagnose(document).messages[0]
        XCTAssertFalse(PositionOrder.isSorted(unordered), "rule order differs from file order here")
        let ordered = Analyzer(ordersByPosition: true).diagnose(document).messages[0]
        XCTAssertEqual(ordered.map(\.code), expected(unordered))
        XCTAssertTrue(PositionOrder.isSorted(ordered))
        XCTAssertEqual(Set(ordered.map(\.code)), Set(unordered.map(\.code)))
    }
}
