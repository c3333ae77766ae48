import Foundation
import XCTest
@testable import InboxCLI

/// `stories`: the JSON contract of BEHAVIOUR §8, which messages are listed, and exit codes.
final class StoriesCommandTests: XCTestCase {
    static let storyKeys: Set<String> = [
        "source", "pointer", "line", "column", "category", "blockLocation", "fallback", "pages", "totalDuration",
        "diagnostics",
    ]
    static let pageKeys: Set<String> = ["image", "duration", "link", "buttonTitle", "title", "subtitle", "showsButton"]
    static let diagnosticKeys: Set<String> = ["code", "severity", "message", "source", "pointer", "line", "column"]

    /// Every Examples file, through `stories --format json`, has every contract key with
    /// the contract's types.
    func testTheContractHoldsOnEveryExample() throws {
        var storiesSeen = 0
        for example in GoldenTests.examples() {
            let result = runCLI(["stories", "--format", "json", "Examples/\(example)"])
            XCTAssertTrue(result.status <= 1, "\(example): \(result.err)")
            let object = jsonObject(result.out)
            XCTAssertTrue(Set(object.keys).isSuperset(of: ["tool", "profile", "stories", "diagnostics"]), example)
            XCTAssertEqual((object["tool"] as? [String: Any])?["name"] as? String, "inbox-inspector")
            XCTAssertEqual(object["profile"] as? String, "7.1", "the default profile")
            XCTAssertNil(object["extension"], "no extension object without --plist")
            let stories = try XCTUnwrap(object["stories"] as? [[String: Any]], example)
            for story in stories {
                storiesSeen += 1
                assertStory(story, example)
            }
            for diagnostic in object["diagnostics"] as? [[String: Any]] ?? [] {
                XCTAssertEqual(Set(diagnostic.keys), Self.diagnosticKeys, example)
            }
        }
        XCTAssertGreaterThanOrEqual(storiesSeen, 14, "the stories examples are found")
    }

    private func assertStory(_ story: [String: Any], _ example: String) {
        XCTAssertTrue(Set(story.keys).isSuperset(of: Self.storyKeys), "\(example): \(story.keys.sorted())")
        XCTAssertTrue(story["source"] is String)
        XCTAssertTrue(story["pointer"] is String)
        XCTAssertTrue(story["line"] is Int && story["column"] is Int)
        XCTAssertTrue(story["category"] is String || story["category"] is NSNull)
        let location = story["blockLocation"]
        XCTAssertTrue(location is NSNull || ["root", "u", "userdata"].contains(location as? String ?? ""), example)
        let fallback = story["fallback"] as? Bool
        XCTAssertNotNil(fallback)
        XCTAssertTrue(story["totalDuration"] is NSNumber)
        let pages = story["pages"] as? [[String: Any]] ?? []
        XCTAssertEqual(pages.isEmpty, fallback == true, "\(example): a story falls back exactly when it has no page")
        for page in pages {
            XCTAssertTrue(Set(page.keys).isSuperset(of: Self.pageKeys), "\(example): \(page.keys.sorted())")
            XCTAssertTrue(page["image"] is String)
            XCTAssertTrue(page["duration"] is NSNumber)
            for key in ["link", "buttonTitle", "title", "subtitle"] {
                XCTAssertTrue(page[key] is String || page[key] is NSNull, "\(example) \(key)")
            }
            let shows = page["showsButton"] as? Bool
            XCTAssertEqual(shows, page["link"] is String && page["buttonTitle"] is String, example)
        }
        for diagnostic in story["diagnostics"] as? [[String: Any]] ?? [] {
            XCTAssertEqual(Set(diagnostic.keys), Self.diagnosticKeys, example)
        }
    }

    func testAValidStoryInJSON() throws {
        let result = runCLI(["stories", "--format", "json", "Examples/stories/notification.json"])
        XCTAssertEqual(result.status, 0)
        let story = try XCTUnwrap((jsonObject(result.out)["stories"] as? [[String: Any]])?.first)
        XCTAssertEqual(story["category"] as? String, "PW_STORIES")
        XCTAssertEqual(story["blockLocation"] as? String, "u")
        XCTAssertEqual(story["fallback"] as? Bool, false)
        XCTAssertEqual(story["totalDuration"] as? Double, 17.5)
        let pages = try XCTUnwrap(story["pages"] as? [[String: Any]])
        XCTAssertEqual(pages.map { $0["duration"] as? Double }, [5, 4.5, 8])
        XCTAssertEqual(pages.map { $0["start"] as? Double }, [0, 5, 9.5])
        XCTAssertEqual(pages.map { $0["end"] as? Double }, [5, 9.5, 17.5])
        XCTAssertEqual(pages.map { $0["showsButton"] as? Bool }, [false, true, true])
        XCTAssertEqual(pages[1]["buttonTitle"] as? String, "Shop jackets")
        XCTAssertEqual((story["diagnostics"] as? [Any])?.count, 0, "a clean story")
    }

    func testBlockLocationsOfTheExamples() {
        let expected = ["push.json": "root", "push-u-string.json": "u", "userdata-string.json": "userdata",
                        "notification.json": "u"]
        for (file, location) in expected {
            let result = runCLI(["stories", "--format", "json", "Examples/stories/\(file)"])
            let story = (jsonObject(result.out)["stories"] as? [[String: Any]])?.first
            XCTAssertEqual(story?["blockLocation"] as? String, location, file)
            XCTAssertEqual(story?["fallback"] as? Bool, false, file)
        }
    }

    /// The acceptance criterion: all pages invalid → exit 0 from `stories` (a valid input
    /// whose result is a fallback), an error under `validate`.
    func testAllInvalidPagesExitZeroHereAndFailValidate() throws {
        let path = temporaryFile("all-invalid.json", """
            {"ios_title": "Spring", "content": "New looks", "ios_category_custom": "PW_STORIES",
             "ios_root_params": {"aps": {"mutable-content": 1}},
             "data": {"pw_stories": {"pages": [{"image": "example.com/1.jpg"}, {"title": "no image"}]}}}
            """)
        let stories = runCLI(["stories", "--format", "json", path])
        XCTAssertEqual(stories.status, 0, stories.err)
        let story = try XCTUnwrap((jsonObject(stories.out)["stories"] as? [[String: Any]])?.first)
        XCTAssertEqual(story["fallback"] as? Bool, true)
        XCTAssertEqual((story["pages"] as? [Any])?.count, 0)
        XCTAssertEqual(runCLI(["stories", path]).status, 0)

        let validate = runCLI(["validate", "--format", "json", path])
        XCTAssertEqual(validate.status, 1)
        let errors = (jsonObject(validate.out)["diagnostics"] as? [[String: Any]] ?? [])
            .filter { $0["severity"] as? String == "error" }.compactMap { $0["code"] as? String }
        XCTAssertTrue(errors.contains("IK802"), "\(errors)")
    }

    func testEveryFallbackExampleFailsValidate() {
        let result = runCLI(["validate", "--format", "json", "--select", "IK8", "Examples/stories/fallbacks.json"])
        XCTAssertEqual(result.status, 1)
        let codes = (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        for code in ["IK801", "IK802", "IK803"] { XCTAssertTrue(codes.contains(code), code) }
        XCTAssertEqual(runCLI(["stories", "Examples/stories/fallbacks.json"]).status, 0)
    }

    func testEveryMessageIsListedInOrder() {
        let result = runCLI(["stories", "--format", "json", "Examples/notification.json", "Examples/stories/push.json"])
        let stories = jsonObject(result.out)["stories"] as? [[String: Any]] ?? []
        XCTAssertEqual(stories.map { $0["source"] as? String }, ["Examples/notification.json", "Examples/stories/push.json"])
        XCTAssertTrue(stories.first?["category"] is NSNull, "not a story push")
        XCTAssertEqual(stories.last?["category"] as? String, "PW_STORIES")
    }

    func testNoStoriesIsSaid() {
        let text = runCLI(["stories", "Examples/notification.json", "Examples/push.json"])
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.out.hasSuffix("no Push Stories payloads in 2 messages\n"), text.out)
        XCTAssertEqual(text.out.components(separatedBy: "not a story push").count - 1, 2, text.out)
        XCTAssertEqual(runCLI(["stories", "--quiet", "Examples/notification.json"]).out, "no Push Stories payloads in 1 message\n")
    }

    func testUnparsableInputExitsOne() {
        let result = runCLI(["stories", "--format", "json", "Examples/broken.json"])
        XCTAssertEqual(result.status, 1)
        let codes = (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["IK001"])
    }

    func testStoriesShowOnlyInputStoryAndSizeFindings() {
        let path = temporaryFile("story-no-inbox.json", """
            {"ios_title": "Spring", "content": "New looks", "ios_category_custom": "PW_STORIES",
             "data": {"pw_stories": {"pages": [{"image": "https://example.com/1.jpg"}]}}}
            """)
        let result = runCLI(["stories", "--format", "json", path])
        let story = (jsonObject(result.out)["stories"] as? [[String: Any]])?.first
        let codes = (story?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["IK811"], "IK101 (not an inbox message) belongs to validate, not the storyboard")
    }

    func testAuthIsNeverPrinted() {
        let path = temporaryFile("auth.json", """
            {"request": {"auth": "k7Qm2XvB9pL4sT8wZ1yC6nR3dF5gH0jK", "notifications": [{"content": "x", "ios_category_custom": "PW_STORIES"}]}}
            """)
        for format in ["text", "json"] {
            XCTAssertFalse(runCLI(["stories", "--format", format, path]).out.contains("k7Qm2XvB9pL4sT8wZ1yC6nR3dF5gH0jK"))
        }
    }

    func testEveryMessageReadIsListedAndOneThatIsNotAStoryPushSaysSo() throws {
        let result = runCLI(["stories", "--format", "json", "Examples/push.json"])
        let listed = try XCTUnwrap(jsonObject(result.out)["stories"] as? [[String: Any]])
        XCTAssertEqual(listed.count, 1)
        XCTAssertTrue(listed.first?["category"] is NSNull)
        XCTAssertEqual(listed.first?["fallback"] as? Bool, true)
        XCTAssertEqual((listed.first?["pages"] as? [Any])?.count, 0)
        XCTAssertTrue(runCLI(["stories", "Examples/push.json"]).out.contains("not a story push"))
    }
}
