import XCTest
@testable import InboxModel
@testable import InboxCore

/// Pages exactly as the SDK parses them (BEHAVIOUR §7), each case checked in every place the
/// block can live, with the rule it triggers.
final class StoryPageTests: JSONTestCase {
    /// One page case: the `pages` JSON, what the story becomes and the IK8 codes it gives.
    struct Case {
        var name: String
        var pages: String
        var durations: [Double]
        var fallback: String?
        var codes: [String]
    }

    static let image = #""image": "https://example.com/1.jpg""#

    static let cases: [Case] = [
        Case(name: "valid", pages: "[{\(image), \"duration\": 6}]", durations: [6], fallback: nil, codes: []),
        Case(name: "default duration", pages: "[{\(image)}]", durations: [5], fallback: nil, codes: []),
        Case(name: "string duration", pages: "[{\(image), \"duration\": \"6\"}]", durations: [5], fallback: nil, codes: ["IK805"]),
        Case(name: "null duration", pages: "[{\(image), \"duration\": null}]", durations: [5], fallback: nil, codes: ["IK805"]),
        Case(name: "true duration", pages: "[{\(image), \"duration\": true}]", durations: [1], fallback: nil, codes: ["IK805"]),
        Case(name: "false duration", pages: "[{\(image), \"duration\": false}]", durations: [5], fallback: nil, codes: ["IK805"]),
        Case(name: "zero duration", pages: "[{\(image), \"duration\": 0}]", durations: [5], fallback: nil, codes: ["IK806"]),
        Case(name: "negative duration", pages: "[{\(image), \"duration\": -2.5}]", durations: [5], fallback: nil, codes: ["IK806"]),
        Case(name: "infinite duration", pages: "[{\(image), \"duration\": 1e999}]", durations: [5], fallback: nil, codes: ["IK806"]),
        Case(name: "long duration", pages: "[{\(image), \"duration\": 31}]", durations: [30], fallback: nil, codes: ["IK807"]),
        Case(name: "thirty", pages: "[{\(image), \"duration\": 30}]", durations: [30], fallback: nil, codes: []),
        Case(name: "fraction", pages: "[{\(image), \"duration\": 0.25}]", durations: [0.25], fallback: nil, codes: []),
        Case(name: "dropped page", pages: "[{\(image)}, {\"image\": \"example.com/2.jpg\"}]", durations: [5], fallback: nil, codes: ["IK804"]),
        Case(name: "page without image", pages: "[{\"title\": \"x\"}, {\(image)}]", durations: [5], fallback: nil, codes: ["IK804"]),
        Case(name: "image not a string", pages: "[{\"image\": 3}, {\(image)}]", durations: [5], fallback: nil, codes: ["IK804"]),
        Case(name: "empty image", pages: "[{\"image\": \"\"}, {\(image)}]", durations: [5], fallback: nil, codes: ["IK804"]),
        Case(name: "all dropped", pages: "[{\"image\": \"example.com/1.jpg\"}]", durations: [], fallback: "no page has a usable image",
             codes: ["IK802", "IK804"]),
        Case(name: "non-object page", pages: "[{\(image)}, \"https://example.com/2.jpg\"]", durations: [],
             fallback: "page 2 is not an object", codes: ["IK803"]),
        Case(name: "null page", pages: "[null]", durations: [], fallback: "page 1 is not an object", codes: ["IK803"]),
        Case(name: "empty pages", pages: "[]", durations: [], fallback: "pages is empty", codes: ["IK802"]),
        Case(name: "pages object", pages: "{\(image)}", durations: [], fallback: "pages is not an array", codes: ["IK802"]),
        Case(name: "pages string", pages: "\"[]\"", durations: [], fallback: "pages is not an array", codes: ["IK802"]),
        Case(name: "link without scheme", pages: "[{\(image), \"link\": \"example.com\", \"button_title\": \"Go\"}]", durations: [5],
             fallback: nil, codes: ["IK808", "IK809"]),
        Case(name: "link not a string", pages: "[{\(image), \"link\": 42}]", durations: [5], fallback: nil, codes: ["IK808"]),
        Case(name: "button title without link", pages: "[{\(image), \"button_title\": \"Go\"}]", durations: [5], fallback: nil,
             codes: ["IK809"]),
        Case(name: "link without button title", pages: "[{\(image), \"link\": \"app://x\"}]", durations: [5], fallback: nil,
             codes: ["IK809"]),
        Case(name: "empty button title", pages: "[{\(image), \"link\": \"app://x\", \"button_title\": \"\"}]", durations: [5],
             fallback: nil, codes: ["IK809"]),
        Case(name: "complete button", pages: "[{\(image), \"link\": \"app://x\", \"button_title\": \"Go\"}]", durations: [5],
             fallback: nil, codes: []),
    ]

    func testEveryCaseInEveryPlace() throws {
        for placement in StoryPlacement.allCases {
            for testCase in Self.cases {
                let label = "\(placement.rawValue) / \(testCase.name)"
                let payload = placement.payload("{\"pages\": \(testCase.pages)}")
                let story = try XCTUnwrap(inspectStory(payload)?.story, label)
                XCTAssertEqual(story.pages.map(\.duration), testCase.durations, label)
                XCTAssertEqual(story.fallback?.reason, testCase.fallback, label)
                let codes = storyCodes(payload).filter { $0.hasPrefix("IK8") }
                XCTAssertEqual(Set(codes), Set(testCase.codes), "\(label): \(codes)")
            }
        }
    }

    /// A page without a block is no story; no block with category PW_STORIES is IK801 everywhere.
    func testNoBlockIsIK801ForBothShapes() {
        for payload in [#"{"content": "x", "ios_category_custom": "PW_STORIES", "ios_root_params": {"aps": {"mutable-content": 1}}}"#,
                        #"{"aps": {"alert": "x", "category": "PW_STORIES", "mutable-content": 1}}"#] {
            XCTAssertEqual(storyCodes(payload).filter { $0.hasPrefix("IK8") }, ["IK801"], payload)
        }
    }

    func testEmptyTextsAreAbsentAndTheButtonNeedsBoth() throws {
        let pages = #"[{"image": "https://example.com/1.jpg", "title": "", "subtitle": "", "button_title": "Go", "link": "https://example.com/go"}, {"image": "https://example.com/2.jpg", "title": "Hi", "subtitle": 3, "link": "https://example.com/x"}]"#
        let story = try XCTUnwrap(inspectStory(StoryPlacement.pushRoot.payload("{\"pages\": \(pages)}"))?.story)
        XCTAssertNil(story.pages[0].title)
        XCTAssertNil(story.pages[0].subtitle)
        XCTAssertTrue(story.pages[0].showsButton)
        XCTAssertEqual(story.pages[1].title, "Hi")
        XCTAssertNil(story.pages[1].subtitle, "a non-string subtitle is absent")
        XCTAssertEqual(story.pages[1].link, "https://example.com/x")
        XCTAssertFalse(story.pages[1].showsButton)
    }

    func testLinkNeedsAScheme() {
        for (link, kept) in [("yourapp://page1", true), ("HTTPS://example.com", true), ("mailto:a@example.com", true),
                             ("example.com/x", false), ("//example.com", false), ("1app://x", false), (" https://x", false)] {
            let read = StoryPageReader.read(inspectValue("{\"image\": \"https://example.com/i.jpg\", \"link\": \(JSONText.quote(link))}"), index: 0)
            guard case .page(let page) = read else { return XCTFail(link) }
            XCTAssertEqual(page.link != nil, kept, link)
            XCTAssertEqual(page.droppedLink != nil, !kept, link)
        }
    }

    func testAnEmptyLinkIsNoLinkRatherThanADroppedOne() {
        guard case .page(let page) = StoryPageReader.read(inspectValue(#"{"image": "https://example.com/i.jpg", "link": ""}"#), index: 0) else {
            return XCTFail()
        }
        XCTAssertNil(page.link)
        XCTAssertNil(page.droppedLink)
    }

    func testDurationNotes() {
        func note(_ json: String) -> StoryPage.DurationNote? {
            StoryPageReader.duration(inspectValue("{\"d\": \(json)}")["d"]).1
        }
        guard case .boolean(true, _)? = note("true") else { return XCTFail("true") }
        guard case .notANumber? = note("\"4\"") else { return XCTFail("string") }
        guard case .notPositive(-1, _)? = note("-1") else { return XCTFail("negative") }
        guard case .notFinite? = note("-1e999") else { return XCTFail("-infinity") }
        guard case .clamped(99, _)? = note("99") else { return XCTFail("clamped") }
        XCTAssertNil(note("12.5"))
    }
}

extension JSONTestCase {
    /// The root value of a small JSON text (its document kept until the test ends).
    func inspectValue(_ text: String) -> JSONValue {
        switch JSONDocument.parse(Array(text.utf8)) {
        case .success(let document): return kept(document).root
        case .failure(let issue): fatalError("test JSON does not parse: \(issue.message)")
        }
    }
}
