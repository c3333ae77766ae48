import XCTest
@testable import InboxModel
@testable import InboxCore

/// Compact re-serialisation (APNs size estimates, printing custom data) and JSON string quoting.
final class JSONCompactTests: JSONTestCase {
    func testCompactRemovesWhitespaceAndKeepsTextAndOrder() throws {
        let text = """
        {
          "z" : [ 1.50 , -0, 1e3, true, false, null ],
          "a" : { "b" : "x\\u00e9\\/y\\"" , "c" : {} , "d" : [ ] },
          "a" : "dup"
        }
        """
        let root = try jtParse(text).root
        XCTAssertEqual(root.compactJSON, #"{"z":[1.50,-0,1e3,true,false,null],"a":{"b":"xé/y\"","c":{},"d":[]},"a":"dup"}"#)
        XCTAssertEqual(root.members[1].value.compactJSON, #"{"b":"xé/y\"","c":{},"d":[]}"#)
        XCTAssertEqual(root["z"]?[0]?.compactJSON, "1.50")
    }

    func testCompactRoundTrip() throws {
        let text = #"[{"k":"line\nbreak\ttab\u0001","emoji":"\ud83d\ude00","n":[0,-1.25e-7]},"",[[]]]"#
        let first = try jtParse(text).root.compactJSON
        XCTAssertEqual(first, #"[{"k":"line\nbreak\ttab\u0001","emoji":"😀","n":[0,-1.25e-7]},"",[[]]]"#)
        let second = try jtParse(first).root.compactJSON
        XCTAssertEqual(second, first)
    }

    func testCompactEscapingSlashesLikeNSJSONSerialization() throws {
        let root = try jtParse(#"{"url": "https://a.b/c", "plain": "x"}"#).root
        XCTAssertEqual(root.compactJSON(escapingSlashes: true), #"{"url":"https:\/\/a.b\/c","plain":"x"}"#)
        XCTAssertEqual(root.compactJSONByteCount(escapingSlashes: true), 38)
        XCTAssertEqual(root.compactJSONByteCount(), 35)
    }

    func testCompactOfScalarRoot() throws {
        XCTAssertEqual(try jtParse(" \"a\\\"b\" ").root.compactJSON, #""a\"b""#)
        XCTAssertEqual(try jtParse(" 42 ").root.compactJSON, "42")
    }

    func testQuoteEscapesMinimally() {
        XCTAssertEqual(JSONText.quote("plain"), "\"plain\"")
        XCTAssertEqual(JSONText.quote("a\"b\\c"), #""a\"b\\c""#)
        XCTAssertEqual(JSONText.quote("\n\t\r\u{08}\u{0C}"), #""\n\t\r\b\f""#)
        XCTAssertEqual(JSONText.quote("\u{01}\u{1F}\u{00}"), #""\u0001\u001f\u0000""#)
        XCTAssertEqual(JSONText.quote("é☕😀/"), "\"é☕😀/\"")
        XCTAssertEqual(JSONText.quote("a/b", escapingSlashes: true), #""a\/b""#)
        XCTAssertEqual(JSONText.quote("\u{7F}"), "\"\u{7F}\"")
    }

    func testQuotedTextParsesBackToTheSameString() throws {
        let original = "Tab\there \"quoted\" \\ back\u{1}slash é 😀\u{2028}"
        let document = try jtParse(JSONText.quote(original))
        XCTAssertEqual(document.root.string, original)
    }

    /// The eight-bytes-at-a-time quoting matches the byte-by-byte one, with the byte that
    /// needs an escape at every position of a word, with and without escaped slashes.
    func testWordAtATimeQuotingMatchesByteByByte() {
        for position in 0 ..< 17 {
            for special in ["\"", "\\", "/", "\n", "\u{1F}", "\u{7F}", "é", "😀"] {
                let text = String(repeating: "x", count: position) + special + String(repeating: "y", count: 19)
                for slashes in [false, true] {
                    var reference: [UInt8] = []
                    JSONText.appendQuoted(Array(text.utf8), to: &reference, escapingSlashes: slashes)
                    XCTAssertEqual(JSONText.quote(text, escapingSlashes: slashes), String(decoding: reference, as: UTF8.self),
                                   "\(position) \(special) \(slashes)")
                }
            }
        }
    }
}
