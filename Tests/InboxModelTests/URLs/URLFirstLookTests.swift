import XCTest
@testable import InboxModel
@testable import InboxCore

/// The core's first look at a URL (`URLFirstLook.look`) against the model's full reading:
/// the scheme it names is the one `URLScheme.of` reads, and a URL it proves taken as
/// written is one the full reading takes as written; the mark a site keeps
/// (`SchemeMark.reading`) follows from both.
final class URLFirstLookTests: JSONTestCase {
    func testTheLookAgreesWithTheFullReading() throws {
        var generator = SeededGenerator(state: 2026)
        var urls = (0 ..< 3_000).map { _ in URLCorpus.url(using: &generator) }
        urls += ["cdn.example.com/no-scheme.png", "/inbox/a.png", "cdn.example.com:80/x.png", "HTTPS://A.EXAMPLE/",
                 "myapp://deal?id=7", "javascript:alert(1)", "https://exa mple.com/a.png", "https://x.com:80a/",
                 "http://[::1]/", "", "https://cdn.example.com/%zz.png"]
        var proved = 0, unproved = 0
        for url in urls {
            let bytes = Array(url.utf8)
            let look = bytes.withUnsafeBufferPointer { URLFirstLook.look($0) }
            let reading = URLReading.of(url)
            XCTAssertEqual(look.scheme == .none, URLScheme.of(url) == nil, url)
            switch look.proof {
            case .asWritten:
                proved += 1
                XCTAssertEqual(reading, .asWritten, url)
            case .notAsWritten:
                XCTAssertEqual(look.scheme, .none, url)
            case .unproved:
                unproved += 1
                XCTAssertNotEqual(look.scheme, .none, url)
            }
        }
        XCTAssertGreaterThan(proved, 150)
        XCTAssertGreaterThan(unproved, 300)
    }

    func testTheSiteMarkIsRejectedExactlyWhenIOSRejectsAURLWithAScheme() throws {
        let urls = ["https://cdn.example.com/a.png", "https://exa mple.com/a.png", "http://[zz]/", "myapp://x y",
                    "example.com/a b.png", "https://b\u{fc}cher.example/", "https://x.com:99999999999999999999/"]
        let text = "[" + urls.map { "\"\($0)\"" }.joined(separator: ",") + ",7]"
        let document = kept(try JSONDocument.parse(Array(text.utf8)).get())
        for (index, url) in urls.enumerated() {
            let value = try XCTUnwrap(document.root[index])
            let reading = SchemeMark.reading(value)
            let hasScheme = URLScheme.of(url) != nil
            XCTAssertEqual(reading.mark == .rejected, hasScheme && !URLReading.of(url).isAccepted, url)
            // Taken as written only where the full reading agrees (a URL the scan cannot prove,
            // such as one with brackets, is not, whatever the full reading says).
            if reading.isAsWritten { XCTAssertEqual(URLReading.of(url), .asWritten, url) }
        }
        let number = try XCTUnwrap(document.root[urls.count])
        XCTAssertEqual(SchemeMark.reading(number).mark, .none)
        XCTAssertTrue(SchemeMark.reading(number).isAsWritten)
    }
}
