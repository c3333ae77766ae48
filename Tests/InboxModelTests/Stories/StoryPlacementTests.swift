import XCTest
@testable import InboxModel
@testable import InboxCore

/// Every place a `pw_stories` block can live (BEHAVIOUR §7), in both payload shapes that
/// carry a story: root, `u` object, `u` string, `userdata` object, `userdata` string;
/// notification (`ios_root_params` / `data`) and push.
enum StoryPlacement: String, CaseIterable {
    case pushRoot, pushU, pushUString, pushUserdata, pushUserdataString
    case notificationRoot, notificationData, notificationDataString, notificationUserdata, notificationUserdataString

    var location: StoryBlockLocation {
        switch self {
        case .pushRoot, .notificationRoot: return .root
        case .pushU, .pushUString, .notificationData, .notificationDataString: return .u
        case .pushUserdata, .pushUserdataString, .notificationUserdata, .notificationUserdataString: return .userdata
        }
    }

    var isPush: Bool { rawValue.hasPrefix("push") }

    /// The block's pointer in the payload this placement builds.
    var blockPointer: String {
        switch self {
        case .pushRoot: return "/pw_stories"
        case .pushU, .pushUString: return "/u/pw_stories"
        case .pushUserdata, .pushUserdataString: return "/userdata/pw_stories"
        case .notificationRoot: return "/ios_root_params/pw_stories"
        case .notificationData, .notificationDataString: return "/data/pw_stories"
        case .notificationUserdata, .notificationUserdataString: return "/ios_root_params/userdata/pw_stories"
        }
    }

    /// A payload with `block` (JSON text) at this place, category PW_STORIES and
    /// `mutable-content: 1` (unless told otherwise).
    func payload(_ block: String, category: String? = "\"PW_STORIES\"", mutableContent: Bool = true) -> String {
        let holder = "{\"pw_stories\": \(block)}"
        let quoted = JSONText.quote(holder)
        let mutable = mutableContent ? "\"mutable-content\": 1" : "\"sound\": \"default\""
        if isPush {
            let aps = "\"aps\": {\"alert\": {\"title\": \"Spring\", \"body\": \"New looks\"}, \(mutable)"
                + (category.map { ", \"category\": \($0)" } ?? "") + "}"
            switch self {
            case .pushRoot: return "{\(aps), \"pw_stories\": \(block)}"
            case .pushU: return "{\(aps), \"u\": \(holder)}"
            case .pushUString: return "{\(aps), \"u\": \(quoted)}"
            case .pushUserdata: return "{\(aps), \"userdata\": \(holder)}"
            default: return "{\(aps), \"userdata\": \(quoted)}"
            }
        }
        let head = "\"ios_title\": \"Spring\", \"content\": \"New looks\""
            + (category.map { ", \"ios_category_custom\": \($0)" } ?? "")
        let aps = "\"aps\": {\(mutable)}"
        switch self {
        case .notificationRoot: return "{\(head), \"ios_root_params\": {\(aps), \"pw_stories\": \(block)}}"
        case .notificationData: return "{\(head), \"ios_root_params\": {\(aps)}, \"data\": \(holder)}"
        case .notificationDataString: return "{\(head), \"ios_root_params\": {\(aps)}, \"data\": \(quoted)}"
        case .notificationUserdata: return "{\(head), \"ios_root_params\": {\(aps), \"userdata\": \(holder)}}"
        default: return "{\(head), \"ios_root_params\": {\(aps), \"userdata\": \(quoted)}}"
        }
    }
}

/// Inspects one payload and returns its only message.
func inspectStory(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> InspectedMessage? {
    let document = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "story.json")
    XCTAssertNil(document.parseIssue, "payload does not parse: \(text)", file: file, line: line)
    XCTAssertEqual(document.messages.count, 1, file: file, line: line)
    return document.messages.first
}

/// The codes the rules report for one payload.
func storyCodes(_ text: String) -> [String] {
    let document = Inspector(options: InspectionOptions()).inspect(Array(text.utf8), source: "story.json")
    return Analyzer().diagnose(document).all.map(\.code)
}

/// The block is found, with its location and pointer, wherever it lives.
final class StoryPlacementTests: XCTestCase {
    static let twoPages = #"{"pages": [{"image": "https://example.com/1.jpg", "duration": 4}, {"image": "https://example.com/2.jpg"}]}"#

    func testTheBlockIsFoundInEveryPlace() throws {
        for placement in StoryPlacement.allCases {
            let payload = placement.payload(Self.twoPages)
            let story = try XCTUnwrap(inspectStory(payload)?.story, placement.rawValue)
            XCTAssertEqual(story.lookup.location, placement.location, placement.rawValue)
            XCTAssertEqual(story.lookup.block?.pointer, placement.blockPointer, placement.rawValue)
            XCTAssertFalse(story.isFallback, placement.rawValue)
            XCTAssertEqual(story.pages.map(\.duration), [4, 5], placement.rawValue)
            XCTAssertEqual(story.timeline.totalDuration, 9, placement.rawValue)
            XCTAssertTrue(story.hasStoryCategory, placement.rawValue)
            XCTAssertEqual(storyCodes(payload).filter { $0.hasPrefix("IK8") }, [], "\(placement.rawValue): \(payload)")
        }
    }

    /// A block in a string container still points into the file, inside the string.
    func testFindingsInsideAStringContainerPointIntoTheString() throws {
        let payload = StoryPlacement.pushUString.payload(#"{"pages": [{"image": "example.com/1.jpg"}, {"image": "https://example.com/2.jpg"}]}"#)
        let document = Inspector(options: InspectionOptions()).inspect(Array(payload.utf8), source: "story.json")
        let finding = try XCTUnwrap(Analyzer().diagnose(document).all.first { $0.code == "IK804" })
        XCTAssertEqual(finding.pointer, "/u/pw_stories/pages/0/image")
        XCTAssertEqual(finding.line, 1)
        let column = try XCTUnwrap(payload.range(of: #"\"example.com"#)).lowerBound
        XCTAssertEqual(finding.column, payload.distance(from: payload.startIndex, to: column) + 1,
                       "the column of the escaped quote that starts the image value")
    }

    func testRootWinsOverUAndUOverUserdata() throws {
        let one = #"{"pages": [{"image": "https://example.com/root.jpg"}]}"#
        let two = #"{"pages": [{"image": "https://example.com/u.jpg"}]}"#
        let three = #"{"pages": [{"image": "https://example.com/userdata.jpg"}]}"#
        let aps = #""aps": {"category": "PW_STORIES", "mutable-content": 1}"#
        let all = try XCTUnwrap(inspectStory("{\(aps), \"pw_stories\": \(one), \"u\": {\"pw_stories\": \(two)}, \"userdata\": {\"pw_stories\": \(three)}}")?.story)
        XCTAssertEqual(all.pages.map(\.image), ["https://example.com/root.jpg"])
        let noRoot = try XCTUnwrap(inspectStory("{\(aps), \"u\": {\"pw_stories\": \(two)}, \"userdata\": {\"pw_stories\": \(three)}}")?.story)
        XCTAssertEqual(noRoot.pages.map(\.image), ["https://example.com/u.jpg"])
        XCTAssertEqual(noRoot.lookup.location, .u)
    }

    /// A `pw_stories` given as a string is skipped and the lookup moves on.
    func testAStringBlockIsSkipped() throws {
        let stringBlock = JSONText.quote(Self.twoPages)
        let aps = #""aps": {"category": "PW_STORIES", "mutable-content": 1}"#
        let moved = try XCTUnwrap(inspectStory("{\(aps), \"pw_stories\": \(stringBlock), \"userdata\": {\"pw_stories\": \(Self.twoPages)}}")?.story)
        XCTAssertEqual(moved.lookup.location, .userdata)
        XCTAssertEqual(moved.lookup.skipped.map(\.location), [.root])
        XCTAssertFalse(moved.isFallback)

        for placement in StoryPlacement.allCases {
            let payload = placement.payload(stringBlock)
            let story = try XCTUnwrap(inspectStory(payload)?.story, placement.rawValue)
            XCTAssertNil(story.lookup.block, placement.rawValue)
            XCTAssertEqual(story.lookup.skipped.map(\.location), [placement.location], placement.rawValue)
            guard case .noBlock? = story.fallback else { return XCTFail(placement.rawValue) }
            XCTAssertTrue(storyCodes(payload).contains("IK801"), placement.rawValue)
        }
    }

    /// A root block without pages ends the lookup: the complete block in `data` is never read.
    func testARootBlockWithoutPagesEndsTheLookup() throws {
        let payload = #"{"content": "x", "ios_category_custom": "PW_STORIES", "ios_root_params": {"pw_stories": {}}, "data": {"pw_stories": {"pages": [{"image": "https://example.com/1.jpg"}]}}}"#
        let story = try XCTUnwrap(inspectStory(payload)?.story)
        XCTAssertEqual(story.lookup.location, .root)
        guard case .pagesMissing? = story.fallback else { return XCTFail("\(String(describing: story.fallback))") }
        XCTAssertTrue(storyCodes(payload).contains("IK802"))
    }

    func testAUserdataStringThatIsNotJSONIsNamedInIK801() throws {
        let payload = #"{"aps": {"category": "PW_STORIES", "mutable-content": 1}, "userdata": "{\"pw_stories\": {"}"#
        let story = try XCTUnwrap(inspectStory(payload)?.story)
        XCTAssertNotNil(story.lookup.userdataProblem)
        let document = Inspector(options: InspectionOptions()).inspect(Array(payload.utf8), source: "s.json")
        let finding = try XCTUnwrap(Analyzer().diagnose(document).all.first { $0.code == "IK801" })
        XCTAssertTrue(finding.message.contains("userdata could not be searched"), finding.message)
    }

    func testABrokenUStringHoldsNothingAndTheLookupMovesOn() throws {
        let payload = #"{"aps": {"category": "PW_STORIES", "mutable-content": 1}, "u": "{\"pw_stories\": ", "userdata": {"pw_stories": {"pages": [{"image": "https://example.com/1.jpg"}]}}}"#
        let story = try XCTUnwrap(inspectStory(payload)?.story)
        XCTAssertEqual(story.lookup.location, .userdata)
        XCTAssertTrue(storyCodes(payload).contains("IK007"))
    }

    /// Only story messages are stories: a plain inbox message gets no IK8xx finding.
    func testPlainMessagesAreNotStories() {
        let plain = #"{"ios_title": "Weekend sale", "content": "30% off", "inbox_days": 3}"#
        XCTAssertNil(inspectStory(plain)?.story)
        XCTAssertEqual(storyCodes(plain).filter { $0.hasPrefix("IK8") }, [])
        let push = #"{"aps": {"alert": "Hi", "category": "ORDER"}, "u": {"displayType": "banner"}}"#
        XCTAssertNil(inspectStory(push)?.story)
    }

    func testCategoryAloneMakesAStoryThatFallsBack() throws {
        let story = try XCTUnwrap(inspectStory(#"{"content": "x", "ios_category_custom": "PW_STORIES"}"#)?.story)
        guard case .noBlock? = story.fallback else { return XCTFail() }
        XCTAssertEqual(story.fallback?.reason, "no pw_stories block")
    }

    /// An inbox record carries no category or aps: nothing is said about either.
    func testInboxShapeStoryHasNoCategoryFindings() throws {
        let payload = #"{"inbox_id": "1", "order": "1", "rt": "1", "text": "x", "action_type": 0, "status": 1, "action_params": "{\"pw_stories\": {\"pages\": [{\"image\": \"https://example.com/1.jpg\"}]}}"}"#
        let story = try XCTUnwrap(inspectStory(payload)?.story)
        XCTAssertFalse(story.carriesCategory)
        XCTAssertEqual(story.lookup.location, .root)
        let codes = storyCodes(payload)
        XCTAssertFalse(codes.contains("IK810"))
        XCTAssertFalse(codes.contains("IK811"))
    }
}
