import XCTest
@testable import InboxModel

/// The resolver as a pure function (BEHAVIOUR §5), and the comparison IK206 relies on.
final class ResolutionResolverTests: XCTestCase {
    private func message(_ json: String) throws -> Message {
        let document = Inspector(options: InspectionOptions()).inspect(Array(json.utf8), source: "t.json")
        return try XCTUnwrap(document.messages.first?.message)
    }

    func testResolveIsPureAndCarriesWhereThingsCameFrom() throws {
        let json = #"{"aps": {"alert": {"title": "T", "body": "B"}}, "u": "{\"displayType\": \"banner\", \"pinned\": true}"}"#
        let message = try message(json)
        let first = Resolver(profile: .guide).resolve(message)
        let second = Resolver(profile: .guide).resolve(message)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.displayType?.place, .uString)
        XCTAssertEqual(first.displayType?.source.pointer, "/u/displayType", "a pointer into the u string")
        XCTAssertEqual(first.pinning.place, .uString)
        XCTAssertEqual(first.reason, "no image")
        XCTAssertEqual(first.layout, .classic)
    }

    func testResolutionsCompareOnLayoutButtonsAndPinning() throws {
        let message = try message(#"""
            {"ios_title": "T", "content": "B", "inbox_days": 1, "data": {"displayType": "carousel",
             "carousel": [{"image": "https://c.example.com/1.jpg"}],
             "buttons": [{"title": "Save", "action": "custom", "url": "https://example.com/s"}]}}
            """#)
        let results = SDKProfile.all.map { Resolver(profile: $0).resolve(message) }
        XCTAssertEqual(results.map(\.layout), [.classic, .carousel, .carousel], "7.0 does not know carousel")
        XCTAssertNotEqual(results[0], results[1], "layout differs")
        XCTAssertNotEqual(results[1], results[2], "the custom button differs")
        guard case .openURL(let url)? = results[1].buttons.buttons.first?.action else {
            return XCTFail("7.1 opens the url: \(String(describing: results[1].buttons.buttons.first?.action))")
        }
        XCTAssertEqual(url.string, "https://example.com/s")
        XCTAssertEqual(results[2].buttons.buttons.first?.action.kind, .custom)
        let same = try self.message(#"{"ios_title": "T", "content": "B", "inbox_days": 1, "data": {"pinned": true}}"#)
        let all = SDKProfile.all.map { Resolver(profile: $0).resolve(same) }
        XCTAssertEqual(all[0], all[1])
        XCTAssertEqual(all[1], all[2])
    }

    func testForcedKindIsUsedAsIs() throws {
        let message = try message(#"{"content": "B", "inbox_days": 1, "data": {"displayType": "banner"}}"#)
        let forced = Resolver(profile: .v7_0, forcedKind: .video).resolve(message)
        XCTAssertEqual(forced.layout, .video)
        XCTAssertEqual(forced.requestedBy, .forced)
        XCTAssertNil(forced.degradation)
        XCTAssertFalse(forced.buttonsRendered)
    }

    func testInspectedMessageCarriesTheResolutionOfItsOptions() {
        var options = InspectionOptions(profile: .v7_1)
        options.forceKind = .classic
        let document = Inspector(options: options).inspect(Array(#"{"content": "x", "inbox_image": "https://c.example.com/a.jpg"}"#.utf8),
                                                           source: "t.json")
        XCTAssertEqual(document.messages.first?.resolution.layout, .classic)
        XCTAssertEqual(document.messages.first?.resolution.profile, .v7_1)
    }
}
