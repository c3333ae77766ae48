import InboxModel
import XCTest
@testable import InboxCLI

/// `validate --format json` writes each document's findings as bytes (the source line
/// once per document, quotes joined to the keys, the first comma left out): the output
/// must be the bytes of serialising the whole envelope at once.
final class ValidateJSONWriterTests: XCTestCase {
    private let documentSource = "in \"dir\"/a.json"

    private func finding(_ index: Int, source: String? = nil) -> Diagnostic {
        let severities: [Severity] = [.error, .warning, .info]
        return Diagnostic(code: "IK\(100 + index)", severity: severities[index % 3],
                          message: "value \"\(index)\" at \\ é\u{1} \(String(repeating: "long ", count: index))",
                          source: source ?? documentSource, pointer: "/a~1b/\(index)/\u{7f}\"", line: index + 1,
                          column: 10 * index + 1)
    }

    private func document(_ findings: [Diagnostic]) -> ValidatedDocument {
        ValidatedDocument(source: documentSource, firstLine: 1, findings: findings, messages: .none)
    }

    func testDocumentsAreTheWholeEnvelope() {
        let profile = SDKProfile.guide
        let cases: [[[Diagnostic]]] = [
            [],
            [[]],
            [[finding(0)]],
            [[], [finding(1), finding(2)], [], [finding(3)]],
            // A finding of another source between the document's: its own source line is
            // written, and the findings after it go on with the document's.
            [[finding(4), finding(5, source: "other.json"), finding(6), finding(7, source: documentSource)]],
            [[finding(8, source: "other.json"), finding(9)], [finding(10)]],
        ]
        for (documents, inTurn) in cases.flatMap({ [($0, false), ($0, true)] }) {
            let rendered = render(documents, profile: profile, inTurn: inTurn)
            let whole = ValidateJSONEnvelope.expected(documents, profile: profile)
            XCTAssertEqual(rendered, whole, "\(documents.map(\.count)) findings, in turn: \(inTurn)")
        }
    }

    /// Documents rendered in turn into the one shared buffer (`--jobs 1`) give the bytes
    /// of documents rendered each into a fragment of its own, over many documents of
    /// different sizes (the shared buffer is emptied, and grows, between them).
    func testInTurnRenderingIsTheFragmentsBytes() {
        let profile = SDKProfile.guide
        var documents: [[Diagnostic]] = []
        for index in 0 ..< 60 {
            let size = [0, 1, 3, 0, 7, 2, 12][index % 7]
            documents.append((0 ..< size).map { finding(index + $0, source: $0 % 5 == 4 ? "other.json" : nil) })
        }
        var outputs: [String] = []
        for inTurn in [false, true] {
            outputs.append(render(documents, profile: profile, inTurn: inTurn))
        }
        XCTAssertEqual(outputs[1], outputs[0])
        XCTAssertTrue(outputs[0].contains("\"IK101\""))
    }

    /// Documents of different sources one after another, in turn: the source line kept
    /// from one document to the next is made again when the source changes, and the
    /// output is the fragments' bytes and the whole envelope's.
    func testInTurnDocumentsOfChangingSourcesAreTheFragmentsBytes() {
        let profile = SDKProfile.guide
        let sources = ["a.ndjson", "a.ndjson", "b \"quoted\".ndjson", "a.ndjson", "<stdin>", "<stdin>", "c\u{1}.json"]
        var documents: [(source: String, findings: [Diagnostic])] = []
        for index in 0 ..< 28 {
            let source = sources[index % sources.count]
            let size = [1, 3, 0, 2][index % 4]
            documents.append((source, (0 ..< size).map { finding(index + $0, source: $0 == 2 ? "other.json" : source) }))
        }
        var outputs: [String] = []
        for inTurn in [false, true] {
            let out = OutputBuffer()
            var renderer = ValidateJSON(out: out, profile: profile, rendersInTurn: inTurn)
            let layout = renderer
            for document in documents {
                renderer.add(layout.render(ValidatedDocument(source: document.source, firstLine: 1,
                                                             findings: document.findings, messages: .none)))
            }
            renderer.finish(ValidateSummary(profile: profile, files: documents.count, messages: 0, counts: SeverityCounts(),
                                            failOn: .error, maxWarnings: nil, failed: false))
            out.flush()
            outputs.append(out.capturedText)
        }
        XCTAssertEqual(outputs[1], outputs[0])
        XCTAssertEqual(outputs[0], ValidateJSONEnvelope.expected(documents.map(\.findings), profile: profile))
    }

    /// Findings whose code and severity have a head made once (`FindingJSONPrefixes`: every rule's
    /// code, at each severity, first of all or after a comma) are the bytes of findings
    /// written in pieces (no heads) and of the whole envelope; so are findings of codes with
    /// none (too long, escaped, not a rule's), among them, with messages of every length
    /// up to 70 bytes and escapes at their ends.
    func testHeadsWriteWhatThePiecesDo() {
        let profile = SDKProfile.guide
        let codes = RuleCatalogue.codes + ["IK99", "A", "ABCDEFG", "ABCDEFGH", "IK\"1", "IK\\2"]
        let severities: [Severity] = [.error, .warning, .info]
        var documents: [[Diagnostic]] = []
        for (index, code) in codes.enumerated() {
            let count = [0, 1, 2, 5][index % 4]
            documents.append((0 ..< count).map { offset in
                let length = (index * 7 + offset * 13) % 71
                var message = String(repeating: "m", count: length)
                if length > 2, offset % 2 == 0 { message = "\"" + message.dropFirst(2) + "\"" }
                return Diagnostic(code: code, severity: severities[(index + offset) % 3], message: message,
                                  source: offset == 4 ? "other.json" : documentSource, pointer: offset == 1 ? "" : "/a/\(offset)",
                                  line: index + 1, column: offset + 1)
            })
        }
        let whole = ValidateJSONEnvelope.expected(documents, profile: profile)
        for inTurn in [false, true] {
            let withHeads = render(documents, profile: profile, inTurn: inTurn, codes: codes)
            let inPieces = render(documents, profile: profile, inTurn: inTurn, codes: [])
            XCTAssertEqual(withHeads, inPieces, "in turn: \(inTurn)")
            XCTAssertEqual(withHeads, whole, "in turn: \(inTurn)")
        }
        let heads = FindingJSONPrefixes(codes: codes)
        XCTAssertNotNil(heads.head(word: 0x3130_324B_49, count: 5, severity: .warning)) // "IK201"
        XCTAssertNil(heads.head(word: 0x3130_324B_49, count: 4, severity: .warning))
    }

    /// Every line and column below 1000 (written from the small decimals made once, and
    /// the line's digits kept from the finding before) and some above are the numbers
    /// `String` writes, in turn and in fragments.
    func testLinesAndColumnsAreTheirDecimals() {
        let profile = SDKProfile.guide
        let findings = ((0 ..< 1000).map { ($0, 999 - $0) } + [(1000, 5), (1000, 123_456), (99_999_999, 1), (100_000_000, 0)])
            .map { line, column in
                Diagnostic(code: "IK201", severity: .warning, message: "m", source: documentSource, pointer: "/a",
                           line: line, column: column)
            }
        let whole = ValidateJSONEnvelope.expected([findings], profile: profile)
        for inTurn in [false, true] {
            XCTAssertEqual(render([findings], profile: profile, inTurn: inTurn), whole, "in turn: \(inTurn)")
        }
    }

    /// The whole report of `documents` (each a document's findings), rendered in turn into
    /// the shared buffer or into a fragment per document.
    private func render(_ documents: [[Diagnostic]], profile: SDKProfile, inTurn: Bool,
                        codes: [String] = RuleCatalogue.codes) -> String {
        let out = OutputBuffer()
        var renderer = ValidateJSON(out: out, profile: profile, rendersInTurn: inTurn, codes: codes)
        let layout = renderer
        for findings in documents { renderer.add(layout.render(document(findings))) }
        renderer.finish(ValidateSummary(profile: profile, files: documents.count, messages: 0, counts: SeverityCounts(),
                                        failOn: .error, maxWarnings: nil, failed: false))
        out.flush()
        return out.capturedText
    }
}
