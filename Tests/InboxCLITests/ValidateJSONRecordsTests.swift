@testable import InboxModel
import XCTest
@testable import InboxCLI

/// `validate --format json` writes the analyzer's records in place (`FindingRecords`,
/// `DiagnosticJSON.Writer.append(records:)`) and, in turn, copies the start of a finding
/// written before (`FindingMemo`): both must give the bytes of the general path, the
/// findings made as lists of `Diagnostic`s and every one written out, for any findings.
final class ValidateJSONRecordsTests: XCTestCase {
    private let profile = SDKProfile.latest

    /// Payloads whose findings repeat wordings (so the memo is used) among many others
    /// (so its slots are taken over), with quoted values to escape.
    private static func payload(_ index: Int) -> String {
        let value = index % 7 == 0 ? "v\(index)" : "v\(index % 5)"
        switch index % 5 {
        case 0:
            return #"{"ios_title": "T", "content": "B", "inbox_days": \#(index % 45), "platforms": [3, \#(index % 9)], "data": {"displayType": "\#(value)", "pinned": 1}}"#
        case 1:
            return #"{"ios_title": "T", "content": "B", "inbox_days": 3, "inbox_image": "cdn.example.com/\#(value).png", "data": {"buttons": [{"title": "\#(value)", "url": "x.com/\#(value)"}, {"title": "", "url": "https://a"}]}}"#
        case 2:
            return #"[{"ios_title": "A", "content": "B", "inbox_days": 0}, {"ios_title": "C", "content": "D", "inbox_days": 31, "data": {"buttons": [{"title": "Go", "url": "example.com/\#(value)"}]}}]"#
        case 3:
            return #"{"ios_title": "T", "ios_title": "U", "content": "B", "inbox_days": 3}"#
        default:
            return #"{"inbox_id": "a\#(index)", "title": "T", "text": "B", "action_params": {"displayType": "\#(value)\\\"", "pinned": "yes"}}"#
        }
    }

    func testRecordsAreWrittenAsTheGeneralPath() {
        let inspector = Inspector(options: InspectionOptions(profile: profile))
        let analyzer = Analyzer(ordersByPosition: true)
        let sources = ["a.ndjson", "a.ndjson", "b \"q\".ndjson"]
        func documents() -> [(InspectedDocument, DocumentDiagnostics)] {
            (0 ..< 1500).map { index in
                let document = inspector.inspect(Array(Self.payload(index).utf8), source: sources[index / 500])
                return (document, analyzer.diagnose(document))
            }
        }
        var outputs: [String] = []
        for inTurn in [false, true] {
            var recorded = 0
            let inPlace = render(documents(), inTurn: inTurn, inPlace: true, recorded: &recorded)
            let general = render(documents(), inTurn: inTurn, inPlace: false, recorded: &recorded)
            XCTAssertEqual(inPlace.output, general.output, "in turn: \(inTurn)")
            XCTAssertEqual(inPlace.counts, general.counts, "in turn: \(inTurn)")
            XCTAssertGreaterThan(recorded, 1000)
            outputs.append(inPlace.output)
        }
        // In turn (the memo used) as in fragments (written in full).
        XCTAssertEqual(outputs[0], outputs[1])
        XCTAssertTrue(outputs[0].contains(#"\""#))
    }

    /// Findings made from strings, through the memo (in turn) and without (fragments):
    /// repeated and distinct messages (more than the memo's slots), quotes and controls,
    /// messages of under eight bytes and longer than a slot, codes of eight bytes and more,
    /// each severity, and the first object of all (no comma) among them.
    func testMemoWritesWhatTheWriterWrites() {
        var generator = SeededGenerator(state: 9_0931)
        let severities: [Severity] = [.error, .warning, .info]
        let wordings = (0 ..< 700).map { index -> String in
            switch index % 6 {
            case 0: return "short"
            case 1: return String(repeating: "long \"quoted\" wording ", count: 40)
            case 2: return "value \"v\(index % 40)\" is \\ odd\n\t, tab"
            default: return "wording \(index % 300) of a finding that repeats, as most do"
            }
        }
        var documents: [(InspectedDocument, DocumentDiagnostics)] = []
        for index in 0 ..< 1200 {
            let findings = (0 ..< Int.random(in: 0 ... 4, using: &generator)).map { line in
                Diagnostic(code: Int.random(in: 0 ... 9, using: &generator) == 0 ? "IK1234567" : "IK\(100 + index % 9)",
                           severity: severities[Int.random(in: 0 ... 2, using: &generator)],
                           message: wordings[Int.random(in: 0 ..< wordings.count, using: &generator)],
                           source: "m.ndjson", pointer: "/p/\(line)", line: 1 + line, column: 1)
            }
            documents.append((InspectedDocument(source: "m.ndjson", firstLine: 1),
                              DocumentDiagnostics(document: [], messages: [findings])))
        }
        var recorded = 0
        let inTurn = render(documents, inTurn: true, inPlace: true, recorded: &recorded)
        let fragments = render(documents, inTurn: false, inPlace: true, recorded: &recorded)
        XCTAssertEqual(inTurn.output, fragments.output)
        XCTAssertEqual(inTurn.counts, fragments.counts)
        XCTAssertTrue(inTurn.output.contains("IK1234567"))
    }

    /// The report and each document's severity counts, as `ValidateCommand.check` makes them.
    private func render(_ documents: [(InspectedDocument, DocumentDiagnostics)], inTurn: Bool, inPlace: Bool,
                        recorded: inout Int) -> (output: String, counts: [SeverityCounts]) {
        let out = OutputBuffer()
        var renderer = ValidateJSON(out: out, profile: profile, rendersInTurn: inTurn)
        let layout = renderer
        var counts: [SeverityCounts] = []
        for (document, diagnostics) in documents {
            var document = document
            var diagnostics = diagnostics
            if diagnostics.records != nil { recorded += 1 }
            if inPlace, let rendered = layout.renderInPlace(document, diagnostics) {
                counts.append(rendered.counts)
                renderer.add(rendered.fragment)
                continue
            }
            let validated = ValidateCommand.validatedDocument(taking: &document, &diagnostics, selection: RuleSelection())
            counts.append(validated.severityCounts)
            renderer.add(layout.render(validated))
        }
        renderer.finish(ValidateSummary(profile: profile, files: documents.count, messages: 0, counts: SeverityCounts(),
                                        failOn: .error, maxWarnings: nil, failed: false))
        out.flush()
        return (out.capturedText, counts)
    }
}
