import XCTest
@testable import InboxModel

/// The hand-written RFC 3986 scheme check of SPEC §5.
final class ResolutionURLSchemeTests: XCTestCase {
    func testSchemes() {
        XCTAssertEqual(URLScheme.of("https://example.com"), "https")
        XCTAssertEqual(URLScheme.of("HTTPS://example.com"), "https", "compared case-insensitively")
        XCTAssertEqual(URLScheme.of("myapp://promo"), "myapp")
        XCTAssertEqual(URLScheme.of("com.example.app+x-1.2:rest"), "com.example.app+x-1.2")
        XCTAssertEqual(URLScheme.of("mailto:a@example.com"), "mailto")
        XCTAssertNil(URLScheme.of("example.com/promo"))
        XCTAssertNil(URLScheme.of("//example.com"))
        XCTAssertNil(URLScheme.of(" https://example.com"), "no trimming")
        XCTAssertNil(URLScheme.of("1https://example.com"), "must start with a letter")
        XCTAssertNil(URLScheme.of(":foo"))
        XCTAssertNil(URLScheme.of("ht tp://x"))
        XCTAssertNil(URLScheme.of("é://x"))
        XCTAssertNil(URLScheme.of(""))
        // Around the `http:` / `https:` shortcut: prefixes of it and longer schemes.
        XCTAssertEqual(URLScheme.of("http:"), "http")
        XCTAssertEqual(URLScheme.of("https:"), "https")
        XCTAssertEqual(URLScheme.of("httpx:y"), "httpx")
        XCTAssertEqual(URLScheme.of("https2://x"), "https2")
        XCTAssertEqual(URLScheme.of("HttP://x"), "http")
        XCTAssertNil(URLScheme.of("http"))
        XCTAssertNil(URLScheme.of("https"))
        XCTAssertNil(URLScheme.of("http/x"))
    }

    func testWebAndDangerous() {
        XCTAssertTrue(URLScheme.isWeb("Http://example.com"))
        XCTAssertFalse(URLScheme.isWeb("ftp://example.com"))
        XCTAssertEqual(URLScheme.dangerousScheme(of: "JavaScript:alert(1)"), "javascript")
        XCTAssertEqual(URLScheme.dangerousScheme(of: "data:image/png;base64,AA"), "data")
        XCTAssertNil(URLScheme.dangerousScheme(of: "https://example.com"))
    }

    func testCharactersThatNeedEncoding() {
        XCTAssertEqual(URLCharacters.problems(in: "https://example.com/a b"), ["a space"])
        XCTAssertEqual(URLCharacters.problems(in: "https://example.com/a%20b"), [])
        XCTAssertEqual(URLCharacters.problems(in: "https://example.com/100%"), ["a % not followed by two hex digits"])
        XCTAssertEqual(URLCharacters.problems(in: "https://example.com/ü"), ["non-ASCII characters"])
        XCTAssertEqual(URLCharacters.problems(in: "https://example.com/{id}"), ["the character {", "the character }"])
    }
}
