import Dispatch
import XCTest
@testable import InboxModel

/// The analyzer's report of a document goes on in the block of texts its thread's last
/// document left (`Report.init(threadReportOf:slot:)`): documents diagnosed one after
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
        let inspector = Inspector(options: InspectionOptions(profile: .guide))
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

    /// The list of records the analyzer handed on is kept by the thread and written again
    /// for a later document, but only once nothing else holds it: findings still held keep
    /// theirs, and a list written again reads back the later document's findings alone.
    func testARecordsListIsWrittenAgainOnlyOnceDropped() {
        let analyzer = Analyzer()
        let checks = RuleChecks(RuleCatalogue.all)
        let inspector = Inspector(options: InspectionOptions(profile: .guide))
        func inspected(_ index: Int) -> InspectedDocument {
            inspector.inspect(Array(Self.payload(index).utf8), source: "reuse.ndjson")
        }
        func storage(_ diagnostics: DocumentDiagnostics) -> ObjectIdentifier? {
            diagnostics.records?.storage.map(ObjectIdentifier.init)
        }
        func texts(_ diagnostics: DocumentDiagnostics) -> [String] {
            (diagnostics.document + diagnostics.messages.flatMap { $0 }).map(Self.text).sorted()
        }
        let firstDocument = inspected(0)
        var first: DocumentDiagnostics? = analyzer.diagnose(firstDocument)
        let firstStorage = first.flatMap(storage)
        XCTAssertNotNil(firstStorage)
        // Held: the next document gets a list of its own, and the first reads back as before.
        let secondDocument = inspected(5)
        let second = analyzer.diagnose(secondDocument)
        XCTAssertNotEqual(storage(second), firstStorage)
        XCTAssertEqual(first.map(texts), Self.expected(firstDocument, checks))
        first = nil
        // Dropped (the list of the second is the one kept now, and it is still held).
        let thirdDocument = inspected(10)
        var third: DocumentDiagnostics? = analyzer.diagnose(thirdDocument)
        let thirdStorage = third.flatMap(storage)
        XCTAssertNotEqual(thirdStorage, storage(second))
        XCTAssertEqual(third.map(texts), Self.expected(thirdDocument, checks))
        third = nil
        // Dropped: written again, with the fourth document's findings only.
        let fourthDocument = inspected(1)
        let fourth = analyzer.diagnose(fourthDocument)
        XCTAssertEqual(storage(fourth), thirdStorage)
        XCTAssertEqual(texts(fourth), Self.expected(fourthDocument, checks))
        XCTAssertEqual(texts(second), Self.expected(secondDocument, checks))
        XCTAssertEqual(fourth.recordSummary?.textBytes,
                       fourth.records?.withRecordSpan { span in (0 ..< span.count).reduce(0) { $0 + span[$1].textByteCount } })
    }

    func testThreadsGoOnInBlocksOfTheirOwn() {
        let results = concurrentResults(4) { thread in
            let (found, expected) = Self.diagnoseInTurn(400, salt: thread * 11)
            return found == expected
        }
        XCTAssertEqual(results, [true, true, true, true])
    }
}
