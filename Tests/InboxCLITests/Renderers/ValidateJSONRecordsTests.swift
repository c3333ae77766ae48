@testable import InboxModel
import XCTest
@testable import InboxCLI

/// `validate --format json` writes the analyzer's records in place (`FindingRecords`,
/// `DiagnosticJSON.Writer.append(records:)`): that must give the bytes of the general
/// path, the findings made as lists of `Diagnostic`s and every one written out, for any
/// findings, in turn as in fragments.
final class ValidateJSONRecordsTests: XCTestCase {
    private let profile = SDKProfile.guide

    /// Payloads whose findings repeat wordings among many others, with quoted values to
    /// escape.
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
            let inPlace = ValidateJSONRendering.render(documents(), profile: profile, inTurn: inTurn, inPlace: true)
            let general = ValidateJSONRendering.render(documents(), profile: profile, inTurn: inTurn, inPlace: false)
            let recorded = inPlace.recorded + general.recorded
            XCTAssertEqual(inPlace.output, general.output, "in turn: \(inTurn)")
            XCTAssertEqual(inPlace.counts, general.counts, "in turn: \(inTurn)")
            XCTAssertGreaterThan(recorded, 1000)
            outputs.append(inPlace.output)
        }
        // In turn as in fragments.
        XCTAssertEqual(outputs[0], outputs[1])
        XCTAssertTrue(outputs[0].contains(#"\""#))
    }

    /// Findings made from strings, written in turn and in fragments: repeated and distinct
    /// messages, quotes and controls, messages of under eight bytes and of several hundred,
    /// codes of eight bytes and more, each severity, and the first object of all (no comma)
    /// among them.
    func testInTurnWritesWhatFragmentsWrite() {
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
        let inTurn = ValidateJSONRendering.render(documents, profile: profile, inTurn: true, inPlace: true)
        let fragments = ValidateJSONRendering.render(documents, profile: profile, inTurn: false, inPlace: true)
        XCTAssertEqual(inTurn.output, fragments.output)
        XCTAssertEqual(inTurn.counts, fragments.counts)
        XCTAssertTrue(inTurn.output.contains("IK1234567"))
    }
}
