import XCTest
@testable import InboxModel

/// BEHAVIOUR §4 as data: each profile's values, and that every difference is a value, not a branch.
final class ProfileDataTests: XCTestCase {
    func testNamesAndOrder() {
        XCTAssertEqual(SDKProfile.all.map(\.name), ["7.0", "7.1", "guide"])
        XCTAssertTrue(SDKProfile.named("latest") === SDKProfile.guide, "latest is an alias of guide")
        XCTAssertEqual(SDKProfile.all.map(\.rank), [0, 1, 2])
        XCTAssertEqual(SDKProfile.named("7.1"), .v7_1)
        XCTAssertNil(SDKProfile.named("7.2"))
    }

    func testKnownKinds() {
        XCTAssertEqual(SDKProfile.v7_0.knownKinds, [.banner, .captioned, .classic])
        XCTAssertEqual(Set(SDKProfile.v7_1.knownKinds), Set(CardKind.allCases))
        XCTAssertEqual(Set(SDKProfile.guide.knownKinds), Set(CardKind.allCases))
    }

    func testImageSources() {
        XCTAssertEqual(SDKProfile.v7_0.imageSources, [.message])
        XCTAssertEqual(SDKProfile.v7_1.imageSources, [.message, .customData])
        XCTAssertEqual(SDKProfile.guide.imageSources, [.message, .customData])
    }

    func testSchemeRules() {
        XCTAssertTrue(SDKProfile.v7_0.buttonURLRule.accepts("example.com"))
        XCTAssertFalse(SDKProfile.v7_0.buttonURLRule.accepts(""))
        XCTAssertFalse(SDKProfile.v7_1.buttonURLRule.accepts("example.com"))
        XCTAssertTrue(SDKProfile.guide.buttonURLRule.accepts("HTTPS://example.com"))
    }

    func testLatestIsStricter() {
        XCTAssertEqual(SDKProfile.v7_1.requirements(of: .captioned), [.image])
        XCTAssertEqual(SDKProfile.guide.requirements(of: .captioned), [.image, .title, .body])
        XCTAssertEqual(SDKProfile.v7_1.requirements(of: .carousel), [.slides])
        XCTAssertEqual(SDKProfile.guide.requirements(of: .carousel), [.slides, .title, .body])
        XCTAssertEqual(SDKProfile.guide.requirements(of: .classic), [])
        XCTAssertNil(SDKProfile.v7_1.maxSlides)
        XCTAssertEqual(SDKProfile.guide.maxSlides, 5)
        XCTAssertNil(SDKProfile.v7_1.actionTokens["custom"])
        XCTAssertEqual(SDKProfile.guide.actionTokens["custom"], .custom)
        XCTAssertEqual(SDKProfile.guide.heuristic.last?.needs, [.image, .title, .body])
        XCTAssertEqual(SDKProfile.v7_1.heuristic.last?.needs, [.image, .title])
    }

    func testReasonsAreTheSpecsWords() {
        XCTAssertEqual(CardRequirement.allCases.map(\.reason),
                       ["no image", "no title", "no body", "no slides", "no video descriptor", "no pass URL"])
    }
}
