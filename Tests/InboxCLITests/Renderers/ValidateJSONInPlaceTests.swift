@testable import InboxModel
import XCTest
@testable import InboxCLI

/// `ValidateJSON.renderInPlace` (the analyzer's lists read where they are, severities
/// counted in the same walk) must give the bytes and counts of the general path
/// (`validatedDocument`, then `render` and `severityCounts`) for any lists: sorted or not
/// within the document's own list (a streamed batch's wrapper findings go first), in
/// order or not from one list to the next, empty or not, of the document's source or
/// another, in turn or in fragments, over many documents one after another.
final class ValidateJSONInPlaceTests: XCTestCase {
    private let severities: [Severity] = [.error, .warning, .info]

    func testInPlaceIsTheGeneralPath() {
        var generator = SeededGenerator(state: 8_0215)
        var documents: [(source: String, own: [Diagnostic], messages: [[Diagnostic]])] = []
        var id = 100
        func finding(source: String, line: Int, column: Int) -> Diagnostic {
            id += 1
            let quoted = Int.random(in: 0 ... 2, using: &generator) == 0 ? "\"v\\\(id)\" " : ""
            return Diagnostic(code: "IK\(id % 700)", severity: severities[Int.random(in: 0 ... 2, using: &generator)],
                              message: quoted + String(repeating: "word ", count: Int.random(in: 0 ... 30, using: &generator)),
                              source: source, pointer: "/data/\(id)", line: line, column: column)
        }
        func list(source: String, from start: Int, sorted: Bool) -> [Diagnostic] {
            let findings = (0 ..< Int.random(in: 0 ... 3, using: &generator)).map { _ in
                finding(source: Int.random(in: 0 ... 9, using: &generator) == 0 ? "other.json" : source,
                        line: start + Int.random(in: 0 ... 3, using: &generator),
                        column: Int.random(in: 1 ... 3, using: &generator))
            }
            return sorted ? PositionOrder.sorted(findings) : findings
        }
        let sources = ["a.ndjson", "a.ndjson", "b \"q\".ndjson", "<stdin>"]
        for index in 0 ..< 400 {
            let source = sources[index % sources.count]
            let own = list(source: source, from: Int.random(in: 1 ... 6, using: &generator),
                           sorted: Int.random(in: 0 ... 3, using: &generator) > 0)
            let messages = (0 ..< Int.random(in: 0 ... 3, using: &generator)).map {
                list(source: source, from: 1 + 2 * $0, sorted: true)
            }
            documents.append((source, own, messages))
        }
        let diagnosed = documents.map { document in
            (InspectedDocument(source: document.source, firstLine: 1),
             DocumentDiagnostics(document: document.own, messages: document.messages))
        }
        for inTurn in [false, true] {
            let general = ValidateJSONRendering.render(diagnosed, inTurn: inTurn, inPlace: false)
            let inPlace = ValidateJSONRendering.render(diagnosed, inTurn: inTurn, inPlace: true)
            XCTAssertEqual(inPlace.output, general.output, "in turn: \(inTurn)")
            XCTAssertEqual(inPlace.counts, general.counts, "in turn: \(inTurn)")
            XCTAssertTrue(general.output.contains("\"other.json\""))
            // Both ways were taken: lists in order read in place, the others given to `render`.
            XCTAssertGreaterThan(inPlace.inPlace, 0)
            XCTAssertLessThan(inPlace.inPlace, documents.count)
        }
    }
}
