import XCTest
@testable import InboxModel

/// A thread's next document writes its lists into the storage of the lists its last one
/// handed on (`ListReuse`) only once they are dropped: lists still held keep their findings.
final class ListReuseTests: XCTestCase {
    private static let inspector = Inspector(options: InspectionOptions(profile: .latest))

    private static func document(_ index: Int) -> InspectedDocument {
        let text = #"{"ios_title": "T\#(index)", "content": "B", "inbox_days": \#(40 + index), "platforms": [3, \#(index)], "data": {"displayType": "bannr"}}"#
        return inspector.inspect(Array(text.utf8), source: "reuse.ndjson")
    }

    private static func texts(_ diagnostics: DocumentDiagnostics) -> [String] {
        (diagnostics.document + diagnostics.messages.flatMap { $0 }).map { "\($0.code) \($0.pointer) \($0.line):\($0.column) \($0.message)" }
    }

    private static func storage(_ list: [Diagnostic]) -> UnsafePointer<Diagnostic>? {
        list.withUnsafeBufferPointer { $0.baseAddress }
    }

    func testDroppedListsAreReusedAndKeptListsKeepTheirFindings() {
        let analyzer = Analyzer(ordersByPosition: true)
        // Each document's findings as a document diagnosed on its own (after the others
        // were dropped) has them.
        let expected = (0 ..< 6).map { Self.texts(Analyzer(ordersByPosition: true).diagnose(Self.document($0))) }
        XCTAssertTrue(expected.allSatisfy { !$0.isEmpty })

        var kept = analyzer.diagnose(Self.document(0))
        let keptStorage = Self.storage(kept.messages[0])
        // Held: the next document's lists are new storage, and the held ones are unchanged.
        let secondStorage: UnsafePointer<Diagnostic>?
        do {
            let second = analyzer.diagnose(Self.document(1))
            XCTAssertNotEqual(Self.storage(second.messages[0]), keptStorage)
            XCTAssertEqual(Self.texts(kept), expected[0])
            XCTAssertEqual(Self.texts(second), expected[1])
            secondStorage = Self.storage(second.messages[0])
        }
        // Dropped: the next document goes into the storage `second` had.
        var third = analyzer.diagnose(Self.document(2))
        XCTAssertEqual(Self.storage(third.messages[0]), secondStorage)
        XCTAssertEqual(Self.texts(third), expected[2])
        // A list changed by its taker (a copy the slot shares) is copied first, as any array.
        third.messages[0].removeAll()
        kept.messages[0].append(contentsOf: third.messages[0])
        let fourth = analyzer.diagnose(Self.document(3))
        XCTAssertEqual(Self.texts(fourth), expected[3])
        XCTAssertEqual(Self.texts(kept), expected[0])
        for index in 4 ..< 6 {
            XCTAssertEqual(Self.texts(analyzer.diagnose(Self.document(index))), expected[index])
        }
    }
}
