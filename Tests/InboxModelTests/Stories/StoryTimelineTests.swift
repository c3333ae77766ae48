import XCTest
@testable import InboxModel

/// Timing of a story: pages end to end, total duration, and how the numbers read.
final class StoryTimelineTests: XCTestCase {
    func testSlotsFollowEachOther() {
        let timeline = StoryTimeline(durations: [5, 4.5, 8])
        XCTAssertEqual(timeline.slots, [.init(start: 0, end: 5), .init(start: 5, end: 9.5), .init(start: 9.5, end: 17.5)])
        XCTAssertEqual(timeline.totalDuration, 17.5)
    }

    func testTimesAreRoundedToTheMillisecond() {
        let timeline = StoryTimeline(durations: [0.1, 0.2])
        XCTAssertEqual(timeline.slots.last?.end, 0.3)
        XCTAssertEqual(timeline.totalDuration, 0.3)
    }

    func testNoPagesIsAnEmptyTimeline() {
        let timeline = StoryTimeline(durations: [])
        XCTAssertEqual(timeline.slots, [])
        XCTAssertEqual(timeline.totalDuration, 0)
    }

    func testTheStoryTimelineUsesTheSDKDurations() throws {
        let pages = #"[{"image": "https://e.example.com/1.jpg", "duration": 45}, {"image": "https://e.example.com/2.jpg", "duration": true}, {"image": "x"}, {"image": "https://e.example.com/3.jpg"}]"#
        let story = try XCTUnwrap(inspectStory(StoryPlacement.notificationData.payload("{\"pages\": \(pages)}"))?.story)
        XCTAssertEqual(story.timeline.slots.map(\.end), [30, 31, 36])
        // Laid out from the pages themselves, as from their list of durations.
        XCTAssertEqual(story.timeline.slots, StoryTimeline(durations: story.pages.map(\.duration)).slots)
        XCTAssertEqual(story.timeline.totalDuration, 36)
        XCTAssertEqual(story.pages.map(\.index), [0, 1, 3], "pages keep their position in the array")
        XCTAssertEqual(story.droppedPages.map(\.index), [2])
    }

    func testNumbersReadAsWritten() {
        XCTAssertEqual(StoryNumber.text(5), "5")
        XCTAssertEqual(StoryNumber.text(4.5), "4.5")
        XCTAssertEqual(StoryNumber.text(0.25), "0.25")
        XCTAssertEqual(StoryNumber.text(-3), "-3")
        XCTAssertEqual(StoryNumber.text(.infinity), "infinity")
    }

    func testTapZones() {
        XCTAssertEqual(StoryTapZone.leftThird.effect, "back")
        XCTAssertEqual(StoryTapZone.rightThird.effect, "next")
    }
}
