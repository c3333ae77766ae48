import InboxModel
import XCTest
@testable import InboxCLI

/// `ValidatedDocument` lends its lists as they are when they are in position order all
/// together, and sorts them into one list otherwise: whichever way, the findings must come
/// as the general path gives them (all of them, stably sorted by line and column).
final class ValidatedDocumentOrderTests: XCTestCase {
    private func finding(_ id: Int, line: Int, column: Int) -> Diagnostic {
        Diagnostic(code: "IK\(id)", severity: .warning, message: "m", source: "s", pointer: "", line: line, column: column)
    }

    func testListsByPositionAreTheSortedFindings() {
        var generator = SeededGenerator(state: 3017)
        var inOrder = 0
        for _ in 0 ..< 500 {
            var id = 100
            func list(sortedFrom start: Int) -> [Diagnostic] {
                let count = Int.random(in: 0 ... 3, using: &generator)
                let positions = (0 ..< count).map { _ in
                    (line: start + Int.random(in: 0 ... 3, using: &generator), column: Int.random(in: 1 ... 3, using: &generator))
                }
                return PositionOrder.sorted(positions.map { position in
                    id += 1
                    return finding(id, line: position.line, column: position.column)
                })
            }
            let documentFindings = list(sortedFrom: Int.random(in: 1 ... 6, using: &generator))
            let lists = (0 ..< Int.random(in: 0 ... 4, using: &generator)).map { list(sortedFrom: 1 + 2 * $0) }
            let document = ValidatedDocument(source: "s", firstLine: 1, findings: documentFindings,
                                             messages: ValidatedMessages(inspected: [], findings: lists))
            var lent: [String] = []
            var calls = 0
            document.forEachFindingListByPosition { findings in
                calls += 1
                for index in findings.indices {
                    lent.append("\(findings[index].code)@\(findings[index].line):\(findings[index].column)")
                }
            }
            let expected = PositionOrder.sorted(documentFindings + lists.joined()).map { "\($0.code)@\($0.line):\($0.column)" }
            XCTAssertEqual(lent, expected)
            if calls == 1 + lists.count { inOrder += 1 }
        }
        XCTAssertGreaterThan(inOrder, 0) // both ways were taken
        XCTAssertLessThan(inOrder, 500)
    }
}
