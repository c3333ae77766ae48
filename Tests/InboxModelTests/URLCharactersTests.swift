import XCTest
@testable import InboxModel

/// The word-at-a-time proof that a URL is clean must never pass a URL the byte-by-byte
/// look finds a problem in, and must pass every URL it finds none in.
final class URLCharactersTests: XCTestCase {
    private func assertAgrees(_ url: String, file: StaticString = #filePath, line: UInt = #line) {
        let described = URLCharacters.describedProblems(in: url)
        XCTAssertEqual(URLCharacters.problems(in: url), described, url.debugDescription, file: file, line: line)
        var copy = url
        XCTAssertEqual(copy.withUTF8 { URLCharacters.isClean($0) }, described.isEmpty, url.debugDescription,
                       file: file, line: line)
    }

    func testEveryASCIIByteAtEveryPosition() {
        let clean = "https://cdn.example.com/a_b~c!d.png?x=1&y=%20"
        let bytes = Array(clean.utf8)
        for byte in UInt8(0) ..< 0x80 {
            for position in 0 ... bytes.count {
                var changed = bytes
                changed.insert(byte, at: position)
                assertAgrees(String(decoding: changed, as: UTF8.self))
            }
        }
    }

    func testEscapesAcrossWordBoundaries() {
        // "%", "%4" and "%4G" at the end of a word, of the string, and straddling both.
        for prefix in 0 ..< 18 {
            let lead = String(repeating: "a", count: prefix)
            for tail in ["%", "%4", "%41", "%4G", "%G4", "%%41", "x%41y", "%zz", "%Af"] {
                assertAgrees(lead + tail)
                assertAgrees(lead + tail + "bcdefghij")
            }
        }
    }

    func testMixedURLs() {
        let pieces = ["https://", "cdn.example.com", "/", "spring sale", "é", "\t", "{id}", "|", "\\", "^", "`", "\"", "<>",
                      "%20", "%2", "~", "!", "*", "\u{7F}", "x", "0123456789", "", " "]
        var state: UInt64 = 11
        for _ in 0 ..< 4000 {
            var url = ""
            for _ in 0 ..< 6 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                url += pieces[Int(state >> 33) % pieces.count]
            }
            assertAgrees(url)
        }
        XCTAssertEqual(URLCharacters.problems(in: "https://cdn.example.com/a%20b.png"), [])
        XCTAssertEqual(URLCharacters.problems(in: "https://cdn.example.com/a b.png"), ["a space"])
    }
}
