import XCTest
@testable import InboxModel
@testable import InboxCore

/// A URL without a scheme made of plain characters and no `:` counts as taken as written
/// without a full reading (`URLFirstLook.isPlainRelative`): the full reading must agree.
final class URLPlainRelativeTests: XCTestCase {
    func testPlainRelativeReferencesReadAsWritten() {
        var generator = SeededGenerator(state: 304)
        let alphabet = Array("abcXYZ019-._/?=&+,;$'()*".utf8)
        var proved = 0
        for _ in 0 ..< 5_000 {
            let length = 16 + Int(generator.next() % 40)
            let bytes = (0 ..< length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let url = String(decoding: bytes, as: UTF8.self)
            let quick = bytes.withUnsafeBufferPointer { URLFirstLook.isPlainRelative($0) }
            if quick {
                proved += 1
                XCTAssertEqual(URLReading.of(url), .asWritten, url)
            }
        }
        for url in ["cdn.example.com/no-scheme.png", "//cdn.example.com/a/b.png?x=1", "/inbox/images/sale.png"] {
            XCTAssertEqual(url.utf8.count >= 16, Array(url.utf8).withUnsafeBufferPointer { URLFirstLook.isPlainRelative($0) }, url)
            XCTAssertEqual(URLReading.of(url), .asWritten, url)
        }
        for url in ["cdn.example.com/a b.png", "cdn.example.com:80/x.png", "cdn.example.com/ä.png", "cdn.example.com/%zz.png"] {
            XCTAssertFalse(Array(url.utf8).withUnsafeBufferPointer { URLFirstLook.isPlainRelative($0) }, url)
        }
        XCTAssertGreaterThan(proved, 2_500)
    }
}
