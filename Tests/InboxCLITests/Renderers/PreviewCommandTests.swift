import Foundation
import XCTest
@testable import InboxCLI
@testable import InboxModel

/// `preview`: the page's safety (escaping, URLs, Content-Security-Policy), what it holds
/// for the Examples, and the command line. What the browser draws is checked in a real
/// browser by Tests/Browser (`make browser-test`).
final class PreviewCommandTests: XCTestCase {
    func testSHA256MatchesTheStandardVectors() {
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(hex(SHA256.digest(Array("abc".utf8))),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex(SHA256.digest([])), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8) // two blocks
        XCTAssertEqual(hex(SHA256.digest(long)), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    func testEscapingLeavesNoMarkupAndNoLineSeparators() {
        let hostile = "<script>x()</script>\"'&</style>\u{2028}\u{2029}\u{0}"
        let escaped = HTMLText.escape(hostile)
        XCTAssertEqual(escaped, "&lt;script&gt;x()&lt;/script&gt;&quot;&#39;&amp;&lt;/style&gt;&#x2028;&#x2029;\u{FFFD}")
        XCTAssertEqual(HTMLText.escape("مرحبا 👩🏽‍💻 नमस्ते"), "مرحبا 👩🏽‍💻 नमस्ते")
    }

    func testOnlyPlainHTTPURLsArePlacedInThePage() {
        XCTAssertEqual(HTMLText.webURL("https://cdn.example.com/a.jpg"), "https://cdn.example.com/a.jpg")
        XCTAssertEqual(HTMLText.webURL("HTTP://cdn.example.com/a.jpg"), "HTTP://cdn.example.com/a.jpg")
        for url in ["javascript:alert(1)", "data:image/png;base64,xx", "file:///etc/passwd", "myapp://x", "//cdn/a.jpg",
                    "https://a.jpg\" onerror=\"x()", "https://a.jpg onerror=x", "https://", " https://a.jpg",
                    "java\nscript:x", "https://a.jpg\u{7F}", "https://a.com/<script>"] {
            XCTAssertNil(HTMLText.webURL(url), url)
        }
    }

    func testThePolicyAllowsOnlyThePagesOwnStyleAndScriptAndImagesOnline() throws {
        let page = try XCTUnwrap(runCLI(["preview", "Examples/resolve"]).out as String?)
        let policy = try XCTUnwrap(Self.policy(page))
        XCTAssertTrue(policy.contains("default-src 'none'"))
        XCTAssertTrue(policy.contains("img-src https: http:"))
        XCTAssertFalse(policy.contains("unsafe"))
        let style = try XCTUnwrap(Self.between(page, "<style>", "</style>"))
        let script = try XCTUnwrap(Self.between(page, "<script>", "</script>"))
        XCTAssertTrue(policy.contains("style-src \(SHA256.cspSource(style))"))
        XCTAssertTrue(policy.contains("script-src \(SHA256.cspSource(script))"))
        XCTAssertTrue(page.contains("<img src=\"https://cdn.example.com/"))

        let offline = runCLI(["preview", "--offline", "Examples/resolve"]).out
        XCTAssertTrue(try XCTUnwrap(Self.policy(offline)).contains("img-src 'none'"))
        XCTAssertFalse(offline.contains("<img"))
    }

    func testAHostilePayloadStaysText() throws {
        let result = runCLI(["preview", "Tests/Browser/fixtures/hostile.json"])
        XCTAssertEqual(result.status, 0, result.err)
        let page = result.out
        XCTAssertEqual(page.components(separatedBy: "<script").count, 2, "only the page's own script")
        XCTAssertEqual(page.components(separatedBy: "<style").count, 2, "only the page's own stylesheet")
        XCTAssertFalse(page.contains("<img src=x"))
        XCTAssertFalse(page.contains("<svg onload"))
        XCTAssertFalse(page.contains("\u{2028}"))
        for source in Self.attributeValues("src", in: page) {
            XCTAssertTrue(source.hasPrefix("https://") || source.hasPrefix("http://"), source)
        }
        XCTAssertTrue(Self.attributeValues("href", in: page).allSatisfy { $0.hasPrefix("#") })
        XCTAssertTrue(page.contains("&lt;script&gt;window.__pwned=1&lt;/script&gt;"))
    }

    /// The feed's order is `resolve --feed`'s; every message is drawn once per distinct drawing.
    func testTheFeedIsInTheSDKsOrder() throws {
        let page = runCLI(["preview", "--offline", "Examples/resolve/feed.json"]).out
        let resolved = jsonObject(runCLI(["resolve", "--format", "json", "--feed", "Examples/resolve/feed.json"]).out)
        let messages = try XCTUnwrap(resolved["messages"] as? [[String: Any]])
        let expected = messages.sorted { ($0["feedPosition"] as? Int ?? 0) < ($1["feedPosition"] as? Int ?? 0) }
            .compactMap { $0["pointer"] as? String }
        XCTAssertEqual(Self.attributeValues("data-pointer", in: page), expected)
        XCTAssertEqual(expected.count, 4)
    }

    func testCardsDrawnDifferentlyBySomeSDKAreMarked() {
        let page = runCLI(["preview", "--offline", "Examples/resolve/buttons.json"]).out
        XCTAssertTrue(page.contains("class=\"item differs\""))
        XCTAssertTrue(page.contains("Differs between SDKs"))
        let same = runCLI(["preview", "--offline", "Examples/resolve/classic.json"]).out
        XCTAssertFalse(same.contains("class=\"item differs\""))
        let profiles = SDKProfile.all.indices.map { "in-\($0)" }.joined(separator: " ")
        XCTAssertTrue(same.contains("class=\"v \(profiles)\""), "one drawing shared by every profile")
    }

    func testDegradedCardsNameEveryMissingPiece() {
        let json = #"{"ios_title":"","content":"","inbox_days":3,"data":{"displayType":"carousel"}}"#
        let page = runCLI(["preview", "--offline", "--sdk", SDKProfile.all[SDKProfile.all.count - 1].name, "-"], stdin: json).out
        XCTAssertTrue(page.contains("<span class=\"reason\">no slides</span>, <span class=\"reason\">no title</span>, "
            + "<span class=\"reason\">no body</span>"))
    }

    func testTheVerdictSaysWhenAMessageDoesNotReachIPhones() {
        let page = runCLI(["preview", "--offline", "-"],
                          stdin: #"{"ios_title":"Hi","content":"x","inbox_days":3,"platforms":[3]}"#).out
        XCTAssertTrue(page.contains("data-reaches=\"false\""))
        XCTAssertFalse(page.contains("data-reaches=\"true\""))
        let reaching = runCLI(["preview", "--offline", "Examples/resolve/classic.json"]).out
        XCTAssertTrue(reaching.contains("data-reaches=\"true\""))
    }

    func testStoriesAreStoryboards() {
        let page = runCLI(["preview", "--offline", "Examples/stories/notification.json"]).out
        XCTAssertTrue(page.contains("data-pages=\"3\" data-fallback=\"false\""))
        let timeline = Self.between(page, "<svg class=\"timeline\"", "</svg>") ?? ""
        XCTAssertEqual(timeline.components(separatedBy: "<rect ").count - 1, 3, "one bar per page")
        XCTAssertTrue(page.contains("<span class=\"total\">17.5</span>"))
        let fallbacks = runCLI(["preview", "--offline", "Examples/stories/fallbacks.json"]).out
        XCTAssertTrue(fallbacks.contains("data-fallback=\"true\""))
    }

    /// Documents are drawn on the workers that inspect them; the page is the same for any
    /// number of jobs and batch size.
    func testThePageIsTheSameWhateverTheJobs() {
        let one = runCLI(["preview", "--offline", "--jobs", "1", "Examples"])
        let many = runCLI(["preview", "--offline", "--jobs", "3", "Examples"],
                          environment: [InputPipeline.batchDocumentsVariable: "2"])
        XCTAssertEqual(one.status, 1, "Examples/broken.json cannot be parsed")
        XCTAssertEqual(one.out, many.out)
        XCTAssertTrue(one.out.contains("About whole files"))
    }

    func testABigFeedIsPaged() {
        let lines = (0 ..< 250).map { #"{"ios_title":"M\#($0)","content":"x","inbox_days":3}"# }.joined(separator: "\n")
        let page = runCLI(["preview", "--offline", "--ndjson", "-"], stdin: lines).out
        XCTAssertEqual(page.components(separatedBy: "<template>").count - 1, 2)
        XCTAssertTrue(page.contains("Show more (150 more messages)"))
    }

    func testOutputGoesToTheFileGivenAndAnUnwritableOneIsAUsageError() throws {
        let directory = testRunDirectory.appendingPathComponent("preview-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let target = directory.appendingPathComponent("feed.html").path
        let result = runCLI(["preview", "-o", target, "Examples/resolve/banner.json"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "")
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let failed = runCLI(["preview", "-o", directory.appendingPathComponent("missing/feed.html").path, "Examples/resolve/banner.json"])
        XCTAssertEqual(failed.status, 2)
        XCTAssertTrue(failed.err.contains("cannot write"))
        XCTAssertEqual(runCLI(["preview", "Examples/broken.json"]).status, 1)
    }

    func testEveryMissingRequirementIsListedByTheModel() throws {
        let json = #"{"ios_title":"T","content":"","inbox_days":3,"data":{"displayType":"carousel"}}"#
        let latest = SDKProfile.all[SDKProfile.all.count - 1]
        let document = Inspector(options: InspectionOptions(profile: latest)).inspect(Array(json.utf8), source: "t.json")
        let resolution = try XCTUnwrap(document.messages.first).resolution
        XCTAssertEqual(resolution.degradations, [.slides, .body])
        XCTAssertEqual(resolution.reason, "no slides")
    }

    // MARK: reading the page

    static func policy(_ page: String) -> String? {
        between(page, "http-equiv=\"Content-Security-Policy\" content=\"", "\"")
    }

    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound ..< text.endIndex) else {
            return nil
        }
        return String(text[from.upperBound ..< to.lowerBound])
    }

    /// Every value of the attribute `name` (written by the page as `name="…"`).
    static func attributeValues(_ name: String, in page: String) -> [String] {
        page.components(separatedBy: " \(name)=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }
}
