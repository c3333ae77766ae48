import XCTest
@testable import InboxModel
@testable import InboxCore

/// The hand-written RFC 3986 scheme check of BEHAVIOUR §5.
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

    /// The one-byte mark sites and slides keep names the same scheme `URLScheme.of` reads,
    /// for the two it names itself and for any other (read again from the URL).
    func testSchemeMarkNamesWhatURLSchemeReads() throws {
        var urls = ["https://a", "http://a", "HTTPS://a", "HttP://a", "http:", "https:", "httpx:y", "https2://x",
                    "myapp://promo", "JavaScript:alert(1)", "example.com/x", "", "http", " https://a", #"https\u003a//a"#]
        // The scan without a String (`URLFirstLook.scheme(of:)`): schemes of every length around
        // four and five bytes, in every case, with the bytes a scheme may hold in each place.
        urls += ["hTtPs://x", "HTTP:x", "htp:x", "htt:x", "h:x", "ht:x", "httpss:x", "httpsx://x", "Https2:x", "http+:x",
                 "htt+:x", "http.:x", "https.:x", "h-tp:x", "h.tps:x", "h0tp:x", "0ttp:x", "+http:x", ".https:x", "HTTPs",
                 "a:", "A:", "z9+-.:x", "9:x", "-:x", "hTTp/x", "http;x", "http :x", "é:x", "ſttp:x", #"hTTP\u003ax"#,
                 #"Http\u0053://x"#, "averyveryverylongschemename:x", "www.example.com/a:b", "localhost:8080"]
        let text = "[" + urls.map { "\"\($0)\"" }.joined(separator: ",") + ",1,null]"
        let document = try JSONDocument.parse(Array(text.utf8)).get()
        defer { withExtendedLifetime(document) {} } // the values read from it are used to the end
        let values = document.root.elements
        XCTAssertEqual(values.count, urls.count + 2)
        for value in values {
            let mark = SchemeMark.of(value)
            XCTAssertEqual(mark.name(in: value), URLScheme.of(value), value.compactJSON)
            XCTAssertEqual(mark == .none, URLScheme.of(value) == nil, value.compactJSON)
        }
        XCTAssertEqual(SchemeMark.of(values[2]), .https, "uppercase https is https")
        XCTAssertEqual(SchemeMark.of(values[8]), .other)
        XCTAssertEqual(SchemeMark.of(values[14]), .https, "an escaped colon is read decoded")
    }

    func testWebAndDangerous() {
        XCTAssertTrue(URLScheme.isWeb("Http://example.com"))
        XCTAssertFalse(URLScheme.isWeb("ftp://example.com"))
        XCTAssertEqual(URLScheme.dangerousScheme(of: "JavaScript:alert(1)"), "javascript")
        XCTAssertEqual(URLScheme.dangerousScheme(of: "data:image/png;base64,AA"), "data")
        XCTAssertNil(URLScheme.dangerousScheme(of: "https://example.com"))
    }
}
