import XCTest
@testable import InboxModel

/// The sixteen-bytes-at-a-time proof behind IK304 may send a clean URL on to the exact
/// look, but must never call plain a URL that `URLCharacters` finds a problem in.
final class URLBytesTests: JSONTestCase {
    private func assertSound(_ url: String, file: StaticString = #filePath, line: UInt = #line) {
        var copy = url
        let plain = copy.withUTF8 { URLBytes.isPlain($0) }
        if plain {
            XCTAssertEqual(URLCharacters.describedProblems(in: url), [], url.debugDescription, file: file, line: line)
        }
    }

    func testEveryByteAtEveryPosition() {
        let clean = Array("https://cdn.example.com/spring/sale/a_b.png?x=1&y=2".utf8)
        for byte in UInt8(0) ... 0xFF {
            for position in 0 ... clean.count {
                var changed = clean
                changed.insert(byte, at: position)
                assertSound(String(decoding: changed, as: UTF8.self))
            }
        }
    }

    func testPlainURLsOfEveryLengthPass() {
        let long = "https://cdn.example.com/" + String(repeating: "abc/", count: 20)
        for length in 16 ... long.utf8.count {
            var prefix = String(long.utf8.prefix(length))!
            XCTAssertTrue(prefix.withUTF8 { URLBytes.isPlain($0) }, prefix)
        }
        var short = "https://a.io/x"
        XCTAssertFalse(short.withUTF8 { URLBytes.isPlain($0) }, "below sixteen bytes the exact look decides")
    }

    func testEscapedStringsGoToTheExactLook() throws {
        let document = kept(try JSONDocument.parse(Array(#"["https://cdn.example.com\/a.png", "https://cdn.example.com/a.png"]"#.utf8)).get())
        XCTAssertFalse(URLBytes.isPlain(try XCTUnwrap(document.root[0])))
        XCTAssertTrue(URLBytes.isPlain(try XCTUnwrap(document.root[1])))
    }
}
