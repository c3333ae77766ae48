import XCTest
@testable import InboxCLI

/// `validate`'s text output is for marketers: grouped per file and message, within 80
/// columns, and short enough that one bad campaign fits on a screen.
final class ValidateTextTests: XCTestCase {
    /// Blocks of output, one per file (separated by blank lines), without the summary.
    private func blocks(_ text: String) -> [[Substring]] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .split(separator: "", omittingEmptySubsequences: true).map(Array.init).dropLast()
    }

    func testEveryBadCampaignFitsOnAScreen() {
        let result = runCLI(["validate", "--color", "never", "Examples/campaigns"])
        XCTAssertEqual(result.status, 1)
        let files = blocks(result.out)
        XCTAssertGreaterThanOrEqual(files.count, 4)
        for block in files {
            XCTAssertLessThanOrEqual(block.count, 45, "\(block.first ?? "") takes more than a screen")
            XCTAssertTrue(block.allSatisfy { $0.count <= 80 }, "\(block.first ?? "") is wider than 80 columns")
        }
    }

    func testMessagesAreNamedByTitleAndFindingsSortedByLine() {
        let result = runCLI(["validate", "--color", "never", "--select", "IK1", "Examples/campaigns/black-friday.json"])
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Examples/campaigns/black-friday.json")
        XCTAssertTrue(lines.contains("  line 15  /request/notifications/1  \"Your Black Friday code\""), result.out)
        let positions = lines.compactMap { line -> Int? in
            guard line.hasPrefix("    "), !line.hasPrefix("     "), let first = line.split(separator: " ").first,
                  let number = first.split(separator: ":").first else { return nil }
            return Int(number)
        }
        XCTAssertEqual(positions, positions.sorted())
        XCTAssertEqual(positions.count, 8)
    }

    func testCleanFilesTakeOneLineAndQuietHidesThem() {
        let clean = runCLI(["validate", "--color", "never", "Examples/campaigns/spring-launch.json"])
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.out.split(separator: "\n").first, "Examples/campaigns/spring-launch.json  ✓ no findings (3 messages)")
        XCTAssertTrue(clean.out.hasSuffix("✓ passes (nothing at or above error, profile 7.1)\n"), clean.out)
        let quiet = runCLI(["validate", "--quiet", "--color", "never", "Examples/campaigns/spring-launch.json"])
        XCTAssertFalse(quiet.out.contains("spring-launch"))
        XCTAssertTrue(quiet.out.hasPrefix("0 errors, 0 warnings"), quiet.out)
    }
}
