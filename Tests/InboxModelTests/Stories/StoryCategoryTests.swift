import XCTest
@testable import InboxModel

/// The category (IK810) and the media pre-cache hint (IK811), in both shapes and every place.
final class StoryCategoryTests: XCTestCase {
    static let block = #"{"pages": [{"image": "https://example.com/1.jpg"}]}"#

    func testCategoryMustBeExactlyPW_STORIES() throws {
        for placement in StoryPlacement.allCases {
            for (category, fires) in [("\"PW_STORIES\"", false), ("\"pw_stories\"", true), ("\"SALE\"", true),
                                      ("1", true), (nil, true)] as [(String?, Bool)] {
                let payload = placement.payload(Self.block, category: category)
                let story = try XCTUnwrap(inspectStory(payload)?.story, payload)
                XCTAssertEqual(story.hasStoryCategory, !fires, payload)
                XCTAssertEqual(storyCodes(payload).contains("IK810"), fires, payload)
                XCTAssertFalse(story.isFallback, "a wrong category is not a fallback: the story never plays at all")
            }
        }
    }

    func testIK810PointsAtTheCategoryField() throws {
        let push = #"{"aps": {"alert": "x", "category": "SALE", "mutable-content": 1}, "pw_stories": {"pages": [{"image": "https://example.com/1.jpg"}]}}"#
        let document = Inspector(options: InspectionOptions()).inspect(Array(push.utf8), source: "p.json")
        let finding = try XCTUnwrap(Analyzer().diagnose(document).all.first { $0.code == "IK810" })
        XCTAssertEqual(finding.pointer, "/aps/category")
        XCTAssertTrue(finding.message.hasPrefix("aps.category is the string \"SALE\""), finding.message)

        let notification = #"{"content": "x", "data": {"pw_stories": {"pages": [{"image": "https://example.com/1.jpg"}]}}}"#
        let other = Inspector(options: InspectionOptions()).inspect(Array(notification.utf8), source: "n.json")
        let missing = try XCTUnwrap(Analyzer().diagnose(other).all.first { $0.code == "IK810" })
        XCTAssertTrue(missing.message.contains("no ios_category_custom"), missing.message)
    }

    func testMutableContentIsOnlyAHint() throws {
        for placement in StoryPlacement.allCases {
            let without = placement.payload(Self.block, mutableContent: false)
            let codes = storyCodes(without)
            XCTAssertTrue(codes.contains("IK811"), placement.rawValue)
            XCTAssertEqual(RuleCatalogue.rule("IK811")?.description.severity, .info)
            XCTAssertFalse(try XCTUnwrap(inspectStory(without)?.story).isFallback)
            XCTAssertFalse(storyCodes(placement.payload(Self.block)).contains("IK811"), placement.rawValue)
        }
    }

    func testMutableContentOtherThanOneIsReported() throws {
        let payload = #"{"aps": {"alert": "x", "category": "PW_STORIES", "mutable-content": true}, "pw_stories": {"pages": [{"image": "https://example.com/1.jpg"}]}}"#
        let document = Inspector(options: InspectionOptions()).inspect(Array(payload.utf8), source: "p.json")
        let finding = try XCTUnwrap(Analyzer().diagnose(document).all.first { $0.code == "IK811" })
        XCTAssertEqual(finding.pointer, "/aps/mutable-content")
    }

    func testFallbacksAreErrors() {
        for code in ["IK801", "IK802", "IK803", "IK810"] {
            XCTAssertEqual(RuleCatalogue.rule(code)?.description.severity, .error, code)
        }
    }
}
