import XCTest
@testable import InboxModel

/// The analyzer records a document's findings as plain records in one list that holds
/// each block of texts once (`FindingRecords`): the lists made from them must be the ones
/// a report of each message's own gives (sorted as the analyzer sorts), and the records
/// must keep their texts however long they are kept, whatever the thread's later
/// documents do with the blocks.
final class FindingRecordsTests: XCTestCase {
    /// Payloads of one or several messages with findings of many lengths, in and out of
    /// position order, some with none, some with findings about the document itself.
    private static func payload(_ index: Int) -> String {
        let long = String(repeating: "y", count: index % 83)
        switch index % 6 {
        case 0:
            return #"{"ios_title": "T\#(index)", "content": "B", "inbox_days": \#(index % 40), "platforms": [3, \#(index)], "data": {"displayType": "bannr\#(long)", "pinned": 1}}"#
        case 1:
            return #"{"ios_title": "T", "content": "B", "inbox_days": 3, "inbox_image": "cdn.example.com/\#(long).png", "data": {"buttons": [{"title": "", "url": "x.com/\#(index)"}, {"title": "Go", "url": "http://a\#(long)"}]}}"#
        case 2:
            return #"{"ios_title": "T", "content": "B", "inbox_days": 3}"#
        case 3:
            return #"[{"ios_title": "A", "content": "B", "inbox_days": 0}, {"ios_title": "C", "content": "D", "inbox_days": 31, "data": {"buttons": [{"title": "Go", "url": "example.com/\#(long)"}]}}, {"ios_title": "E"}]"#
        case 4:
            return #"{"ios_title": "T", "ios_title": "U", "content": "B", "inbox_days": \#(index % 50)}"#
        default:
            return index % 12 == 5 ? "[1, 2" : #"{"inbox_id": "a\#(index)", "title": "T", "text": "B", "action_params": {"displayType": "\#(long)", "pinned": "yes"}}"#
        }
    }

    private static func text(_ finding: Diagnostic) -> String {
        "\(finding.source) \(finding.severity) \(finding.code) \(finding.pointer) \(finding.line):\(finding.column) \(finding.message)"
    }

    func testRecordsGiveEachMessagesListAsAReportOfItsOwn() {
        let inspector = Inspector(options: InspectionOptions(profile: .guide))
        let checks = RuleChecks(RuleCatalogue.all)
        var recorded = 0
        var listed = 0
        for ordersByPosition in [true, false] {
            let analyzer = Analyzer(ordersByPosition: ordersByPosition)
            for index in 0 ..< 600 {
                let document = inspector.inspect(Array(Self.payload(index).utf8), source: "r\(index % 3).ndjson")
                let diagnostics = analyzer.diagnose(document)
                // What the analyzer gave before it recorded: a report's list per message.
                var report = Report(source: document.source)
                checks.check(document: document, into: &report)
                let own = report.takeDiagnostics()
                var expected: [[Diagnostic]] = []
                for message in document.messages {
                    checks.check(message: message, into: &report)
                    let list = report.takeDiagnostics()
                    expected.append(ordersByPosition ? PositionOrder.sorted(list) : list)
                }
                guard own.isEmpty else {
                    // Findings about the document: the lists are made as before (attributed).
                    XCTAssertNil(diagnostics.records, "document \(index)")
                    listed += 1
                    continue
                }
                XCTAssertNotNil(diagnostics.records, "document \(index)")
                recorded += 1
                XCTAssertEqual(diagnostics.document.count, 0)
                XCTAssertEqual(diagnostics.messages.map { $0.map(Self.text) }, expected.map { $0.map(Self.text) },
                               "document \(index)")
                XCTAssertEqual(diagnostics.records?.count, expected.map(\.count).reduce(0, +))
                // The records in place give the same findings, in the same order.
                let inPlace = diagnostics.withRecordSpan { records in
                    (0 ..< records.count).map { index in
                        let record = records[index]
                        return diagnostics.withTexts(of: record) { code, message, pointer in
                            "\(Self.string(code)) \(Self.string(pointer)) \(record.line):\(record.column) \(Self.string(message))"
                        }
                    }
                }
                let joined = diagnostics.withRecordSpan { records in
                    (0 ..< records.count).map { index in
                        records[index].withJoinedTexts { texts, messageStart, pointerStart in
                            "\(Self.string(texts.extracting(0 ..< messageStart))) \(Self.string(texts.extracting(pointerStart ..< texts.count))) \(records[index].line):\(records[index].column) \(Self.string(texts.extracting(messageStart ..< pointerStart)))"
                        }
                    }
                }
                XCTAssertEqual(joined, inPlace, "document \(index)")
                XCTAssertEqual(inPlace, expected.flatMap { $0 }.map { "\($0.code) \($0.pointer) \($0.line):\($0.column) \($0.message)" })
            }
        }
        XCTAssertGreaterThan(recorded, 500)
        XCTAssertGreaterThan(listed, 50)
    }

    /// Setting a list turns the records into lists: the others are kept.
    func testSettingAListKeepsTheOthers() {
        let inspector = Inspector(options: InspectionOptions(profile: .guide))
        let document = inspector.inspect(Array(Self.payload(3).utf8), source: "s.json")
        var diagnostics = Analyzer(ordersByPosition: true).diagnose(document)
        XCTAssertNotNil(diagnostics.records)
        let messages = diagnostics.messages.map { $0.map(Self.text) }
        XCTAssertEqual(messages.count, 3)
        XCTAssertGreaterThan(messages.flatMap { $0 }.count, 2)
        let lead = Diagnostic(code: "IK000", severity: .info, message: "lead", source: "s.json", pointer: "", line: 1,
                              column: 1)
        diagnostics.document = [lead]
        XCTAssertNil(diagnostics.records)
        XCTAssertEqual(diagnostics.messages.map { $0.map(Self.text) }, messages)
        XCTAssertEqual(diagnostics.all.map(Self.text), [Self.text(lead)] + messages.flatMap { $0 })
    }

    /// Records hold no block themselves: their list does, once each. Kept (or one of
    /// their findings made as a `Diagnostic` and kept) while the thread's later documents
    /// fill, park and drop blocks, they read back what they held at first.
    func testKeptRecordsKeepTheirTexts() {
        let inspector = Inspector(options: InspectionOptions(profile: .guide))
        let analyzer = Analyzer(ordersByPosition: true)
        var kept: [(records: FindingRecords, texts: [String])] = []
        var keptFindings: [(Diagnostic, String)] = []
        for index in 0 ..< 900 {
            let document = inspector.inspect(Array(Self.payload(index).utf8), source: "k.ndjson")
            let diagnostics = analyzer.diagnose(document)
            guard let records = diagnostics.records, records.count > 0, index % 4 == 0 else { continue }
            let texts = diagnostics.messages.flatMap { $0 }.map(Self.text)
            kept.append((records, texts))
            let finding = records.diagnostic(at: records.count - 1)
            keptFindings.append((finding, Self.text(finding)))
        }
        XCTAssertGreaterThan(kept.count, 50)
        for (records, texts) in kept {
            XCTAssertEqual((0 ..< records.count).map { Self.text(records.diagnostic(at: $0)) }, texts)
        }
        for (finding, text) in keptFindings { XCTAssertEqual(Self.text(finding), text) }
    }

    /// Each message's records sorted in place: stably, by line and then column, in short
    /// lists and long ones (the general sort), each message on its own.
    func testRecordsSortEachMessageStably() {
        var generator = SystemRandomNumberGenerator()
        for round in 0 ..< 200 {
            let block = SharedDiagnosticText(block: DiagnosticText.make(source: "s", capacity: 16))
            let storage = FindingRecordStorage.make(capacity: 8)
            _ = storage.hold(block)
            let lengths = (0 ..< 1 + round % 4).map { _ in Int.random(in: 0 ... (round % 5 == 0 ? 60 : 9), using: &generator) }
            var ends: [Int] = []
            var list = storage
            var positions: [[(line: Int, column: Int, id: Int)]] = []
            var id = 0
            for length in lengths {
                var message: [(line: Int, column: Int, id: Int)] = []
                for _ in 0 ..< length {
                    let position = (line: Int.random(in: 1 ... 4, using: &generator),
                                    column: Int.random(in: 1 ... 3, using: &generator), id: id)
                    let record = FindingRecord(address: block.address, line: position.line,
                                               column: position.column, start: id, messageStart: id, pointerStart: id,
                                               end: id, block: 0, severity: .info)
                    if !list.append(record) {
                        list = list.grown(moving: true)
                        _ = list.append(record)
                    }
                    message.append(position)
                    id += 1
                }
                positions.append(message)
                ends.append(id)
            }
            let records = FindingRecords(storage: list, ends: lengths.count == 1 ? [] : ends, messageCount: lengths.count)
            records.sortEachMessage(after: 0)
            let expected = positions.flatMap { message in
                message.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
                    .map(\.element.id)
            }
            XCTAssertEqual(records.withRecordSpan { span in (0 ..< span.count).map { Int(span[$0].start) } }, expected, "round \(round)")
        }
    }

    private static func string(_ bytes: Span<UInt8>) -> String {
        String(decoding: (0 ..< bytes.count).map { bytes[$0] }, as: UTF8.self)
    }
}
