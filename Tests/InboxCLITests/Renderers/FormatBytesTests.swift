import Foundation
import XCTest
@testable import InboxCLI
import InboxModel
@testable import InboxCore

/// The byte paths of the text and machine formats give what the general ways give:
/// `ASCIIText` against `TerminalText`'s `Character` measures, a finding's lines written as
/// bytes against `FindingText.lines`, and the streamed SARIF, the JUnit escaping and the
/// chunks JUnit holds its output in.
final class FormatBytesTests: XCTestCase {
    /// Printable ASCII with the layouts wrapping has to get right: runs of spaces, empty
    /// paragraphs, words wider than the room, text ending in a line feed.
    private let texts = [
        "", " ", "a", "one two three", "  leading and trailing  ", "a\n\nb", "ends with a break\n", "\n",
        "averyveryverylongwordthatwillnotfitanywhere and then short words after it",
        "word " + String(repeating: "x", count: 45) + " tail", String(repeating: "ab ", count: 40),
        "requested carousel degraded to classic: no slides (data.carousel is an empty array)\nsecond paragraph",
        "exactly ten", "1234567890 1234567890", "x y",
    ]

    func testASCIIMeasuresMatchTheCharacterWay() {
        for text in texts + ["tab\tin", "cr\r\nlf", "del\u{7F}"] {
            XCTAssertEqual(TerminalText.width(text), TerminalText.widthByCharacter(text), text)
            XCTAssertEqual(TerminalText.clean(text), TerminalText.cleanByCharacter(text), text)
            for width in [0, 1, 3, 10, 56] {
                XCTAssertEqual(TerminalText.prefix(text, width: width), TerminalText.prefixByCharacter(text, width: width),
                               "\(text) at \(width)")
            }
        }
    }

    /// Card previews are drawn with box drawing, shapes, arrows and punctuation: measured
    /// on bytes too, with the same columns as `Character` by `Character`, and the general
    /// way whenever a combining mark, a variation selector or any other character joins them.
    func testPreviewSymbolWidthMatchesTheCharacterWay() {
        var samples = ["┌──────┐", "│ Spring sale │", "└─┘", "▓▒░ █ ▀▄", "│\r\n│", "│\t│", "╭─▨ a.png ← b…"]
        let ranges: [ClosedRange<UInt32>] = [0x2000 ... 0x2030, 0x2180 ... 0x2200, 0x24F0 ... 0x2600]
        for value in ranges.joined() {
            guard let scalar = Unicode.Scalar(value) else { continue }
            samples += [String(scalar), "a\(scalar)b", "\(scalar)\(scalar)", "\(scalar)\u{301}", "\(scalar)\u{FE0F}",
                        "\(scalar)é", "\(scalar)日"]
        }
        for text in samples {
            XCTAssertEqual(TerminalText.width(text), TerminalText.widthByCharacter(text), text.debugDescription)
        }
        XCTAssertEqual(ASCIIText.width("┌─ a ─┐"), 7)
        XCTAssertNil(ASCIIText.width("│\u{301}"))
        XCTAssertNil(ASCIIText.width("◽"), "U+25FD is drawn as a wide emoji: measured the general way")
    }

    func testASCIIWrapMatchesTheCharacterWay() {
        for text in texts {
            for width in [1, 2, 5, 10, 11, 20, 56, 80] {
                XCTAssertEqual(TerminalText.wrap(text, width: width), TerminalText.wrapByCharacter(text, width: width),
                               "\(text) at \(width)")
            }
        }
    }

    /// Single-spaced text is wrapped a line at a time (looking back for a space): the same
    /// lines, words cut where they are wider than the room included.
    func testSingleSpacedLinesMatchTheCharacterWay() {
        let singleSpaced = texts.filter { Array($0.utf8).withUnsafeBufferPointer(ASCIIText.isSingleSpaced) }
        XCTAssertGreaterThan(singleSpaced.count, 6)
        for text in singleSpaced {
            for width in [1, 2, 3, 5, 10, 11, 20, 56, 80] {
                var lines: [String] = []
                Array(text.utf8).withUnsafeBufferPointer { bytes in
                    ASCIIText.singleSpacedLines(of: bytes, width: width) { lines.append(String(decoding: $0, as: UTF8.self)) }
                }
                XCTAssertEqual(lines, TerminalText.wrapByCharacter(text, width: width), "\(text) at \(width)")
            }
        }
        for text in ["", " a", "a ", "a  b", "a\nb", "a\tb", "é"] {
            XCTAssertFalse(Array(text.utf8).withUnsafeBufferPointer(ASCIIText.isSingleSpaced), text)
        }
    }

    func testOtherTextIsLeftToTheCharacterWay() {
        XCTAssertNil(ASCIIText.wrap("cr\r\nlf", width: 10), "\"\\r\\n\" is one Character")
        XCTAssertNil(ASCIIText.wrap("Ünïcödé", width: 10))
        XCTAssertNil(ASCIIText.width("日本"))
        XCTAssertEqual(TerminalText.wrap("日本語 テキスト", width: 6), ["日本語", "テキス", "ト"])
    }

    func testFindingLinesAsBytesMatchTheLines() {
        for message in texts + ["inbox_days is 45, more than the 30 days the SDK keeps a message"] {
            for severity in Severity.allCases {
                for (line, column) in [(1, 1), (12, 345), (123_456, 7)] {
                    let finding = Diagnostic(code: "IK102", severity: severity, message: message, source: "a.json",
                                             pointer: "/request/notifications/0", line: line, column: column)
                    for style in [Style(enabled: false), Style(enabled: true)] {
                        var bytes = ByteBuffer()
                        XCTAssertTrue(FindingText.appendLines(finding, style: style, indent: "    ", to: &bytes))
                        let expected = FindingText.lines(finding, style: style, indent: "    ", showPointer: false)
                            .map { $0 + "\n" }.joined()
                        XCTAssertEqual(bytes.withBytes { String(decoding: $0, as: UTF8.self) }, expected, message)
                    }
                }
            }
        }
        let other = Diagnostic(code: "IK102", severity: .error, message: "Ünïcödé", source: "a.json", pointer: "",
                               line: 1, column: 1)
        var bytes = ByteBuffer()
        XCTAssertFalse(FindingText.appendLines(other, style: Style(enabled: false), indent: "    ", to: &bytes))
        XCTAssertTrue(bytes.isEmpty)
    }

    /// Results of several documents and files are joined with commas, the run's
    /// properties follow them, and a run without results has an empty array.
    func testSARIFStreamsResultsThenProperties() throws {
        let first = temporaryFile("a b.ndjson", #"{"ios_title": "Hi", "content": "x", "inbox_days": 45}"# + "\n"
                                  + #"{"ios_title": "Ok", "content": "y", "inbox_days": 46}"# + "\n")
        let second = temporaryFile("c.json", #"{"ios_title": "Hi", "content": "x", "inbox_days": 47}"#)
        let result = runCLI(["validate", "--format", "sarif", "--select", "IK102", first, second])
        let run = try XCTUnwrap((jsonObject(result.out)["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 3)
        XCTAssertEqual(results.compactMap { $0["ruleId"] as? String }, ["IK102", "IK102", "IK102"])
        XCTAssertEqual((run["properties"] as? [String: Any])?["summary"] as? String,
                       "3 errors, 0 warnings, 0 info in 3 messages (2 files)")
        let uri = ((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            .flatMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String }
        XCTAssertEqual(uri, "file://" + ValidateSARIF.uri(first), "outside the working directory: an absolute URI")
        XCTAssertTrue(try XCTUnwrap(result.out.range(of: "\"results\"")).lowerBound
                      < XCTUnwrap(result.out.range(of: "\"properties\": {\n        \"profile\"")).lowerBound)

        let clean = runCLI(["validate", "--format", "sarif", "--select", "IK102",
                            temporaryFile("ok.json", #"{"ios_title": "Hi", "content": "x", "inbox_days": 3}"#)])
        XCTAssertTrue(clean.out.contains("\"results\": [],\n      \"invocations\""), clean.out)
        let cleanRun = (jsonObject(clean.out)["runs"] as? [[String: Any]])?.first
        XCTAssertEqual((cleanRun?["results"] as? [Any])?.count, 0)
    }

    func testRuleIndexFindsEveryCodeByItsBytes() {
        let codes = RuleCatalogue.codes
        let index = RuleIndex(codes + ["LONGER-THAN-SEVEN"])
        for (position, code) in codes.enumerated() {
            XCTAssertEqual(Array(code.utf8).withSpan { index[$0] }, position, code)
        }
        XCTAssertEqual(Array("LONGER-THAN-SEVEN".utf8).withSpan { index[$0] }, codes.count)
        XCTAssertNil(Array("IK99".utf8).withSpan { index[$0] })
        XCTAssertNil(Array("".utf8).withSpan { index[$0] })
    }

    func testJUnitEscapesNoncharactersAndKeepsOtherText() {
        XCTAssertEqual(ValidateJUnit.escape("a\u{FFFE}b\u{FFFF}c\u{FFFD}d é 日本 👍 \t\r\n"),
                       "a\u{FFFD}b\u{FFFD}c\u{FFFD}d é 日本 👍 \t\r\n")
        XCTAssertEqual(ValidateJUnit.escape("\u{0}\u{1F}&"), "\u{FFFD}\u{FFFD}&amp;")
    }

    /// Long texts, with the characters to escape at every offset of the eight-byte steps.
    func testJUnitEscapingOfLongTextMatchesAScalarAtATime() {
        func reference(_ text: String) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&apos;"
                case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
                case "\u{0}" ..< "\u{20}", "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        let specials = ["&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{1}", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "é", "\u{EFFF}"]
        for special in specials {
            for offset in 0 ..< 17 {
                let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 20 - offset % 9)
                XCTAssertEqual(ValidateJUnit.escape(text), reference(text), text.debugDescription)
            }
        }
        let mixed = specials.joined(separator: "0123456789")
        XCTAssertEqual(ValidateJUnit.escape(mixed), reference(mixed))
    }

    func testChunkedBytesKeepEveryByteInOrder() {
        var chunked = ChunkedBytes()
        var expected: [UInt8] = []
        for size in [1, 4095, 3, 10_000, 1 << 20, 70_000, 0, 5] {
            let piece = (0 ..< size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) }
            chunked.append(piece.span)
            expected += piece
        }
        var joined: [UInt8] = []
        for chunk in chunked.chunks {
            XCTAssertLessThanOrEqual(chunk.count, ChunkedBytes.largestChunk)
            chunk.withBytes { joined += $0 }
        }
        XCTAssertEqual(joined, expected)
    }
}
