import InboxModel
import XCTest
@testable import InboxCLI
@testable import InboxCore

/// A finding of a run (`DiagnosticJSON.Run`) is written as fixed wide stores around its
/// texts (an 80-byte head, the source line in sixteens, the line number's digits kept from
/// the finding before, a short pointer as one or two words): whatever the sizes of its
/// parts, the output must be the bytes the general JSON writer (`JSONOut`) gives, in turn
/// and in fragments.
final class ValidateJSONRunTests: XCTestCase {
    private let profile = SDKProfile.guide

    /// A text of `length` bytes of `alphabet`'s pieces (some escaped in JSON, some not
    /// ASCII), cut at a piece's end.
    private static func text(_ length: Int, _ alphabet: [String], _ generator: inout SeededGenerator) -> String {
        var text = ""
        while text.utf8.count < length {
            text += alphabet[Int.random(in: 0 ..< alphabet.count, using: &generator)]
        }
        return text
    }

    func testRunsWriteWhatTheGeneralWriterDoes() {
        var generator = SeededGenerator(state: 10_0610)
        let severities: [Severity] = [.error, .warning, .info]
        let plain = ["a", "b", "wording ", "of the finding ", "z", "0"]
        let escaped = plain + ["\"", "\\", "\n", "\u{1}", "é", "\u{7f}", "/"]
        let codes = RuleCatalogue.codes + ["IK1", "ABCDEFG", "ABCDEFGH", "IK\"12", ""]
        let lines = [0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 12_345, 99_999, 100_000, 999_999, 1_000_000,
                     12_345_678, 99_999_999, 100_000_000, 1 << 40, -1, -12_345]
        let sources = ["a.ndjson", "in \"dir\"/b.json", String(repeating: "long/", count: 9) + "c.ndjson", "d\u{1}"]
        for sourceIndex in sources.indices {
            let source = sources[sourceIndex]
            var documents: [[Diagnostic]] = []
            for index in 0 ..< 300 {
                let count = Int.random(in: 0 ... 5, using: &generator)
                // Most findings of a document share its line, as an NDJSON document's do.
                let documentLine = lines[Int.random(in: 0 ..< lines.count, using: &generator)]
                // In position order, as the renderer writes them (it would sort them otherwise).
                documents.append(PositionOrder.sorted((0 ..< count).map { offset in
                    let messageLength = [0, 1, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 120, 300][(index + offset) % 14]
                    let pointerLength = [0, 1, 5, 7, 8, 9, 15, 16, 17, 33, 60][(index * 3 + offset) % 11]
                    let message = Self.text(messageLength, offset % 3 == 0 ? plain : escaped, &generator)
                    let pointer = Self.text(pointerLength, offset % 4 == 1 ? escaped : plain, &generator)
                    return Diagnostic(code: codes[Int.random(in: 0 ..< codes.count, using: &generator)],
                                      severity: severities[Int.random(in: 0 ... 2, using: &generator)],
                                      message: message, source: offset == 3 ? "other.json" : source,
                                      pointer: pointer.isEmpty ? "" : "/" + pointer,
                                      line: offset == 2 ? lines[(index + offset) % lines.count] : documentLine,
                                      column: lines[(index * 7 + offset) % lines.count])
                }))
            }
            let whole = ValidateJSONEnvelope.expected(documents, profile: profile)
            for inTurn in [false, true] {
                XCTAssertEqual(render(documents, source: source, inTurn: inTurn), whole, "source \(sourceIndex), in turn: \(inTurn)")
            }
        }
    }

    private func render(_ documents: [[Diagnostic]], source: String, inTurn: Bool) -> String {
        let out = OutputBuffer()
        var renderer = ValidateJSON(out: out, profile: profile, rendersInTurn: inTurn)
        let layout = renderer
        for findings in documents {
            renderer.add(layout.render(ValidatedDocument(source: source, firstLine: 1, findings: findings,
                                                         messages: .none)))
        }
        renderer.finish(ValidateSummary(profile: profile, files: documents.count, messages: 0, counts: SeverityCounts(),
                                        failOn: .error, maxWarnings: nil, failed: false))
        out.flush()
        return out.capturedText
    }
}
