import XCTest
@testable import InboxCore

/// `resolve` text output: layout line, preview, 80 columns, ASCII fallback, --quiet.
final class ResolveTextTests: XCTestCase {
    private func columns(_ line: Substring) -> Int { line.count }

    func testEveryExampleFitsIn80Columns() {
        for example in GoldenTests.examples() {
            for command in ["resolve", "buttons"] {
                let out = runCLI([command, "--color", "never", "Examples/\(example)"]).out
                for line in out.split(separator: "\n") {
                    XCTAssertLessThanOrEqual(columns(line), 80, "\(command) \(example): \(line)")
                }
            }
        }
    }

    func testLayoutLineSaysWhyAndHowItDegraded() {
        let out = runCLI(["resolve", "Examples/resolve/degraded-no-slides.json"]).out
        XCTAssertTrue(out.contains("  classic  ← requested carousel by displayType, degraded: no slides\n"), out)
        XCTAssertTrue(out.hasPrefix("InboxKit 7.1 — "), "the profile is reported")
        XCTAssertTrue(runCLI(["resolve", "--sdk", "7.0", "Examples/resolve/banner.json"]).out.hasPrefix("InboxKit 7.0 — "))
    }

    func testPreviewPerLayout() {
        let expectations: [(String, String)] = [
            ("banner.json", "▨ black-friday-banner.png"),
            ("captioned.json", "[ Browse the list ↗ ] [ Got it ✓ ]"),
            ("classic.json", "│ ╭───╮ Order shipped"),
            ("carousel.json", "● ○ ○ ○"),
            ("video.json", "( ▶ )"),
            ("wallet.json", "Add to Apple Wallet"),
            ("buttons.json", "[ Hide ✕ ] [ Save ⚙ ]"),
            ("pinning.json", "⚑ pinned"),
        ]
        for (file, text) in expectations {
            let out = runCLI(["resolve", "Examples/resolve/\(file)"]).out
            XCTAssertTrue(out.contains(text), "\(file) lacks \(text):\n\(out)")
        }
    }

    func testASCIIWhenTheLocaleIsNotUTF8() {
        let args = ["resolve", "Examples/resolve/captioned.json"]
        let ascii = runCLI(args, environment: ["LANG": "C"]).out
        XCTAssertTrue(ascii.allSatisfy(\.isASCII), ascii)
        XCTAssertTrue(ascii.contains("[ Browse the list -> ] [ Got it v ]"), ascii)
        XCTAssertTrue(ascii.contains("captioned  <- requested"), ascii)
        let unicode = runCLI(args, environment: ["LANG": "C", "LC_ALL": "en_GB.utf8"]).out
        XCTAssertTrue(unicode.contains("╭"), "LC_ALL is consulted first")
        XCTAssertFalse(runCLI(args, environment: ["LC_ALL": "POSIX", "LANG": "en_US.UTF-8"]).out.contains("╭"),
                       "the first variable that is set decides")
        XCTAssertTrue(runCLI(args, environment: ["LC_CTYPE": "de_DE.UTF-8"]).out.contains("╭"))
        XCTAssertTrue(runCLI(args).out.contains("╭"), "no locale variable at all: UTF-8")
    }

    func testQuietPrintsOnlyMessagesWithFindingsAndNoPreview() {
        let out = runCLI(["resolve", "--quiet", "Examples/resolve/"]).out
        XCTAssertFalse(out.contains("╭"), out)
        XCTAssertFalse(out.contains("captioned.json"), "no findings, not printed")
        XCTAssertTrue(out.contains("degraded-no-slides.json:1"))
        XCTAssertTrue(out.contains("IK203"))
    }

    func testControlCharactersInPayloadTextAreNotPrinted() {
        let path = temporaryFile("esc.json", #"{"ios_title": "Hi\u001b[2J there", "content": "x", "inbox_days": 1}"#)
        let out = runCLI(["resolve", path]).out
        XCTAssertFalse(out.contains("\u{1B}"), out)
    }

    func testWideCharactersKeepTheBoxAligned() {
        let path = temporaryFile("wide.json", #"{"ios_title": "春のセール 🌸", "content": "新作が40点入荷しました。今すぐチェック！", "inbox_days": 1}"#)
        let lines = runCLI(["resolve", path]).out.split(separator: "\n").filter { $0.hasPrefix("  │") }
        XCTAssertFalse(lines.isEmpty)
        for line in lines { XCTAssertTrue(line.hasSuffix("│"), String(line)) }
        let widths = Set(lines.map { $0.unicodeScalars.reduce(0) { $0 + (($1.value >= 0x3000) ? 2 : 1) } })
        XCTAssertEqual(widths.count, 1, "every row is as wide as the others: \(lines)")
    }

    func testForceKindOptionIsValidated() {
        let result = runCLI(["resolve", "--force-kind", "carousell", "Examples/resolve/banner.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("did you mean 'carousel'?"), result.err)
    }
}
