import Foundation
import XCTest

/// The card preview's box edges line up for text in Indic scripts, Thai and Arabic: every
/// line of a card is as wide as its top edge, measured a scalar at a time the way terminals
/// draw them (non-spacing marks and joiners take no column, spacing vowel signs one).
final class CardPreviewWidthTests: XCTestCase {
    /// Titles (headings) and bodies (paragraphs) taken from the Bengali, Hindi, Thai and
    /// Arabic guides of the seed material, one `title<TAB>body` a line.
    private func samples() throws -> [(title: String, body: String)] {
        let file = repositoryRoot.appendingPathComponent("Tests/Fixtures/seed-samples.tsv")
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }

    private static func columns(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return total
            default: return total + (scalar.properties.isEmojiPresentation ? 2 : 1)
            }
        }
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    func testBoxEdgesLineUpForEverySeedSample() throws {
        var cards = 0
        for (title, body) in try samples() {
            let slides = #"[{"image": "https://cdn.example.com/1.jpg", "title": "\#(escaped(title))"}, {"image": "https://cdn.example.com/2.jpg"}]"#
            for data in [#"{"displayType": "captioned"}"#, #"{"displayType": "classic"}"#,
                         #"{"displayType": "carousel", "carousel": \#(slides)}"#] {
                let payload = #"{"ios_title": "\#(escaped(title))", "content": "\#(escaped(body))", "#
                    + #""inbox_image": "https://cdn.example.com/a.jpg", "inbox_days": 3, "data": \#(data)}"#
                let out = runCLI(["resolve", "--color", "never", temporaryFile("seed.json", payload)]).out
                let lines = out.split(separator: "\n").map(String.init)
                guard let top = lines.firstIndex(where: { $0.contains("╭") }),
                      let bottom = lines.firstIndex(where: { $0.contains("╰") }) else {
                    XCTFail("no card in:\n\(out)")
                    continue
                }
                let width = Self.columns(lines[top])
                for line in lines[top ... bottom] {
                    XCTAssertEqual(Self.columns(line), width, "\(title) / \(data):\n\(lines[top ... bottom].joined(separator: "\n"))")
                }
                cards += 1
            }
        }
        XCTAssertGreaterThan(cards, 30)
    }
}
