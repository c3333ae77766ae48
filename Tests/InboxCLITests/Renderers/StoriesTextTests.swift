import XCTest
@testable import InboxCLI

/// The text storyboard: progress bar, pages, tap zones, fallbacks, column limit.
final class StoriesTextTests: XCTestCase {
    private func lines(_ arguments: [String]) -> [String] {
        runCLI(["stories", "--color", "never"] + arguments).out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func testEveryStoryExampleStaysWithinEightyColumnsApartFromFindings() {
        for file in ["notification.json", "push.json", "push-u-string.json", "userdata-string.json", "page-problems.json",
                     "wrong-category.json", "fallbacks.json"] {
            for line in lines(["Examples/stories/\(file)"]) where !Self.isFinding(line) {
                XCTAssertLessThanOrEqual(line.count, 80, "\(file): \(line)")
            }
        }
    }

    /// Finding lines are the shared `FindingText` format, whose width is not the storyboard's.
    static func isFinding(_ line: String) -> Bool {
        line.range(of: #"^  \d+:\d+ "#, options: .regularExpression) != nil
    }

    func testTheStoryboardOfAValidStory() throws {
        let out = lines(["Examples/stories/notification.json"])
        XCTAssertEqual(out[0], "Examples/stories/notification.json:5  /request/notifications/0")
        XCTAssertTrue(out.contains("  category  PW_STORIES"))
        XCTAssertTrue(out.contains("  story     3 pages · 17.5 s"))
        let bar = try XCTUnwrap(out.first { $0.hasPrefix("  ━") })
        let segments = bar.trimmingCharacters(in: .whitespaces).split(separator: " ").map(\.count)
        XCTAssertEqual(segments.count, 3)
        XCTAssertEqual(segments.reduce(0, +) + 2, 76, "the bar fills its width")
        XCTAssertTrue(segments[2] > segments[0] && segments[0] > segments[1], "8 s > 5 s > 4.5 s: \(segments)")
        XCTAssertTrue(out.contains("  page 2    5–9.5 s"))
        XCTAssertTrue(out.contains("    image     https://cdn.example.com/stories/spring-2.jpg"))
        XCTAssertTrue(out.contains("    button    \"Shop jackets\" → https://shop.example.com/spring/jackets"))
        XCTAssertTrue(out.contains { $0.hasPrefix("  taps      left third: back · right third: next") })
        XCTAssertTrue(out.contains("            after page 3 the story ends"))
        XCTAssertEqual(out.last { !$0.isEmpty }, "1 story in 1 message")
    }

    func testFallbacksSayTheDefaultContentIsShownAndWhy() {
        let out = lines(["Examples/stories/fallbacks.json"])
        let fallbacks = out.filter { $0.hasPrefix("  fallback  no story: the default notification content is shown instead") }
        XCTAssertEqual(fallbacks.count, 8)
        for reason in ["no pw_stories block", "no pages", "pages is not an array", "pages is empty",
                       "page 2 is not an object", "no page has a usable image"] {
            XCTAssertTrue(out.contains("            why: \(reason)"), reason)
        }
        XCTAssertTrue(out.contains("  shows     title \"Empty pages\""))
        XCTAssertTrue(out.contains { $0.hasPrefix("  skipped   pw_stories in data (a string)") })
        XCTAssertEqual(out.last { !$0.isEmpty }, "8 stories in 8 messages (8 fall back to the default notification)")
    }

    func testPageProblemsAreShownOnTheirPages() {
        let out = lines(["Examples/stories/page-problems.json"])
        XCTAssertTrue(out.contains("  page 2    dropped: no image URL with a scheme"))
        XCTAssertTrue(out.contains("  page 3    5–6 s  (true read as 1 s)"))
        XCTAssertTrue(out.contains("  page 5    11–41 s  (cut to 30 s)"))
        XCTAssertTrue(out.contains("    button    none: \"Shop sunglasses\" is not shown, its link was dropped"))
        let findings = out.filter(Self.isFinding)
        let positions = findings.compactMap { $0.split(separator: " ").first }.map { $0.split(separator: ":").compactMap { Int($0) } }
        XCTAssertEqual(positions, positions.sorted { $0.lexicographicallyPrecedes($1) }, "findings in file order")
    }

    func testWrongCategoryIsFlaggedInTheHeader() {
        XCTAssertTrue(lines(["Examples/stories/wrong-category.json"])
            .contains("  category  \"pw_stories\": not PW_STORIES, the story extension never runs"))
    }

    func testQuietPrintsOnlyStoriesWithFindings() {
        let out = lines(["--quiet", "Examples/stories/push.json", "Examples/stories/wrong-category.json"])
        XCTAssertFalse(out.contains { $0.hasPrefix("Examples/stories/push.json") })
        XCTAssertTrue(out.contains("Examples/stories/wrong-category.json:1"))
        XCTAssertFalse(out.contains { $0.contains("━") })
    }

    func testColourIsOptional() {
        let plain = runCLI(["stories", "Examples/stories/push.json"]).out
        XCTAssertFalse(plain.contains("\u{1B}["))
        XCTAssertTrue(runCLI(["stories", "--color", "always", "Examples/stories/push.json"]).out.contains("\u{1B}["))
    }

    func testProgressBarWidths() {
        XCTAssertEqual(StoryProgressBar.widths([5, 5], columns: 10), [5, 5])
        XCTAssertEqual(StoryProgressBar.widths([1, 29], columns: 30), [1, 29])
        XCTAssertEqual(StoryProgressBar.widths([0.01, 30, 30], columns: 20), [1, 9, 10], "every page gets a column")
        for durations in [[5.0, 4.5, 8], [1, 1, 1, 1, 30], [0.25, 0.25, 30]] {
            XCTAssertEqual(StoryProgressBar.widths(durations, columns: 70).reduce(0, +), 70, "\(durations)")
        }
        let bar = StoryProgressBar(width: 20)
        XCTAssertNil(bar.lines(durations: Array(repeating: 5, count: 21), labels: []), "more pages than columns")
        let many = bar.lines(durations: Array(repeating: 5, count: 15), labels: [])
        XCTAssertEqual(many?.bar.count, 20, "no gaps when they do not fit")
    }

    func testFitCutsVisibleCharactersOnly() {
        let long = String(repeating: "a", count: 100)
        XCTAssertEqual(StoryText.fit(long).count, 80)
        XCTAssertTrue(StoryText.fit(long).hasSuffix("…"))
        let painted = "\u{1B}[2m" + long + "\u{1B}[0m"
        XCTAssertEqual(StoryText.visibleCount(StoryText.fit(painted)), 80)
        XCTAssertTrue(StoryText.fit(painted).hasSuffix("\u{1B}[0m"))
        XCTAssertEqual(StoryText.fit("short"), "short")
    }
}
