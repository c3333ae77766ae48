import XCTest
@testable import InboxModel
@testable import InboxCore

/// Send dates and the feed order (BEHAVIOUR §5): pinned, then unread, then newest.
final class ResolutionFeedOrderTests: JSONTestCase {
    private func date(_ json: String) -> SendDate {
        switch JSONDocument.parse(Array(json.utf8)) {
        case .success(let document): return SendDate(kept(document).root)
        case .failure: XCTFail(json); return .unknown
        }
    }

    func testSendDateFormats() {
        XCTAssertEqual(date(#""now""#), .now)
        XCTAssertEqual(date("1767225600"), .instant(1_767_225_600))
        XCTAssertEqual(date(#""1767225600""#), .instant(1_767_225_600))
        XCTAssertEqual(date(#""2026-01-01""#), .instant(1_767_225_600))
        XCTAssertEqual(date(#""2026-01-01 00:01""#), .instant(1_767_225_660))
        XCTAssertEqual(date(#""2026-01-01T00:00:30Z""#), .instant(1_767_225_630))
        XCTAssertEqual(date(#""2026-01-01T02:00:00+02:00""#), .instant(1_767_225_600))
        XCTAssertEqual(date(#""2026-01-01T00:00:00.250Z""#), .instant(1_767_225_600))
        XCTAssertEqual(date(#""next week""#), .unknown)
        XCTAssertEqual(date(#""2026-13-01""#), .unknown)
        XCTAssertEqual(date("null"), .unknown)
        XCTAssertTrue(SendDate.unknown < .instant(0) && SendDate.instant(0) < .now)
    }

    func testOrder() {
        let keys = [
            FeedOrder.Key(pinned: false, unread: false, sendDate: .instant(30)),
            FeedOrder.Key(pinned: false, unread: true, sendDate: .instant(10)),
            FeedOrder.Key(pinned: true, unread: false, sendDate: .instant(1)),
            FeedOrder.Key(pinned: false, unread: true, sendDate: .instant(20)),
            FeedOrder.Key(pinned: false, unread: true, sendDate: .unknown),
            FeedOrder.Key(pinned: false, unread: true, sendDate: .instant(20)),
        ]
        XCTAssertEqual(FeedOrder.order(keys), [2, 3, 5, 1, 4, 0], "ties keep their input order")
    }
}
