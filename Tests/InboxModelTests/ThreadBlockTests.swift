import Dispatch
import XCTest
@testable import InboxModel

/// The analyzer's report of a document goes on in the block of texts its thread's last
/// document left (`Report.init(continuingThreadBlockOf:)`): documents diagnosed one after
/// another, some of whose findings are kept and some dropped, from more than one source,
/// on several threads, must each read back what a report of their own would have written.
final class ThreadBlockTests: XCTestCase {
    /// Payloads with findings of many lengths (wordings, quoted values, pointers), and some
    /// with none.
    private static func payload(_ index: Int) -> String {
        let long = String(repeating: "x", count: index % 97)
        switch index % 5 {
        case 0:
            return #"{"ios_title": "T\#(index)", "content": "B", "inbox_days": \#(index % 40), "platforms": [3, \#(index)], "data": {"displayType": "bannr\#(long)"}}"#
        case 1:
            return #"{"ios_title": "T", "content": "B", "inbox_days": 3, "inbox_image": "cdn.example.com/\#(long).png", "data": "{\"displayType\": \"carousel\", \"carousel\": []}"}"#
        case 2:
            return #"{"ios_title": "T", "content": "B", "inbox_days": 3}"#
        case 3:
            return #"[{"ios_title": "A", "content": "B", "inbox_days": 0}, {"ios_title": "C", "content": "D", "inbox_days": 31, "data": {"buttons": [{"title": "Go", "url": "example.com/\#(long)"}]}}]"#
        default:
            return #"{"inbox_id": "a\#(index)", "title": "T", "text": "B", "action_params": {"displayType": "\#(long)", "pinned": "yes"}}"#
        }
    }

    /// The texts of a document's findings as a report of its own writes them.
    private static func expected(_ document: InspectedDocument, _ checks: RuleChecks) -> [String] {
        var report = Report(source: document.source)
        checks.check(document: document, into: &report)
        var texts = report.takeDiagnostics().map(text)
        for message in document.messages {
            checks.check(message: message, into: &report)
            texts += report.takeDiagnostics().map(text)
        }
        return texts.sorted()
    }

    private static func text(_ finding: Diagnostic) -> String {
        "\(finding.source) \(finding.code) \(finding.pointer) \(finding.line):\(finding.column) \(finding.message)"
    }

    private static func diagnoseInTurn(_ count: Int, salt: Int) -> (found: [[String]], expected: [[String]]) {
        let analyzer = Analyzer()
        let checks = RuleChecks(RuleCatalogue.all)
        let inspector = Inspector(options: InspectionOptions(profile: .latest))
        var kept: [DocumentDiagnostics] = []
        var keptExpected: [[String]] = []
        for index in 0 ..< count {
            // Runs of one source and then another, so a parked block is sometimes of
            // another source than the next document's.
            let source = (index / 7) % 3 == 0 ? "other\(salt).json" : "main\(salt).ndjson"
            let document = inspector.inspect(Array(payload(index &+ salt).utf8), source: source)
            let diagnostics = analyzer.diagnose(document)
            // Every third document's findings are dropped at once (its block may then be
            // held by the thread's slot alone); the others are kept to the end.
            if index % 3 != 0 {
                kept.append(diagnostics)
                keptExpected.append(expected(document, checks))
            }
        }
        let found = kept.map { ($0.document + $0.messages.flatMap { $0 }).map(text).sorted() }
        return (found, keptExpected)
    }

    func testDocumentsDiagnosedInTurnKeepTheirFindings() {
        let (found, expected) = Self.diagnoseInTurn(1500, salt: 0)
        XCTAssertEqual(found.count, expected.count)
        for (index, pair) in zip(found, expected).enumerated() {
            XCTAssertEqual(pair.0, pair.1, "document \(index)")
        }
        XCTAssertGreaterThan(found.map(\.count).reduce(0, +), 1500)
    }

    func testThreadsGoOnInBlocksOfTheirOwn() {
        let results = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 4)
        defer { results.deallocate() }
        results.initialize(repeating: false)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let (found, expected) = Self.diagnoseInTurn(400, salt: thread * 11)
            results[thread] = found == expected
        }
        XCTAssertEqual(Array(results), [true, true, true, true])
    }
}
