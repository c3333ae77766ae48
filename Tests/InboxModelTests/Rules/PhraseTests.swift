import XCTest
@testable import InboxModel
@testable import InboxCore

/// `Phrase` builds finding text as bytes; every interpolation must read exactly as the
/// `String` interpolation (or helper) it replaced.
final class PhraseTests: JSONTestCase {
    private func value(_ json: String) throws -> JSONValue {
        try jtRoot(json)
    }

    func testLiteralsAndPlainInterpolations() {
        let word = "carousel"
        let slice = "wallet pass"[...].prefix(6)
        let phrase: Phrase = "a \(word) card, \(slice) and \(3) buttons"
        XCTAssertEqual(phrase.text, "a carousel card, wallet and 3 buttons")
        XCTAssertEqual(Phrase("").text, "")
        XCTAssertTrue(Phrase().isEmpty)
        let plain: Phrase = "no interpolation at all"
        XCTAssertEqual(plain.text, "no interpolation at all")
        let one: Phrase = "s"
        XCTAssertEqual(one.text, "s")
    }

    func testNumbersReadAsStringDoes() {
        for number in [0, 7, 9, 10, 42, 1000, 4096, -1, -90, Int.max, Int.min] {
            let phrase: Phrase = "\(number)"
            XCTAssertEqual(phrase.text, String(number))
        }
    }

    /// `\(quoted: value)` reads a string from the document's bytes when it can; it must
    /// word every string as quoting its decoded text does (escapes, shortening, non-ASCII).
    /// `\(source: value)` copies a value's text from its document's bytes: it must be the
    /// value's `sourceText`, for every value of a document and of one parsed from a string.
    func testSourceOfAValueIsItsSourceText() throws {
        let root = try jtRoot(#"{"platforms": [1, 3.0, -2e1, "x\u00e9"], "n": null, "t": true, "o": {"k": []}, "data": "{\"d\": [7, 1e0]}"}"#)
        let nested = try jtNested(root["data"]).root
        for value in [root, nested] {
            var count = 0
            for index in 0 ..< value.nodes.count {
                let each = value.sibling(index)
                XCTAssertEqual(Phrase("\(source: each)").text, each.sourceText, each.sourceText)
                count += 1
            }
            XCTAssertGreaterThan(count, 3)
        }
        XCTAssertEqual(Phrase("\(describing: root["platforms"]?[2] ?? root)").text, "the number -2e1")
    }

    func testQuotedValuesReadAsTheirDecodedText() throws {
        let literals = [#""plain""#, #""""#, #""say \"hi\"\n and \\""#, #""\u00e9t\u00e9""#,
                        "\"\(String(repeating: "a", count: 60))\"", "\"\(String(repeating: "a", count: 61))\"",
                        "\"\(String(repeating: "é", count: 40))\"", "\"\(String(repeating: "é", count: 70))\"",
                        "12", "null"]
        for literal in literals {
            let value = try value(literal)
            let text = value.string ?? ""
            XCTAssertEqual(Phrase("\(quoted: value)").text, Phrase("\(quoted: text)").text, literal)
            XCTAssertEqual(Phrase("\(quoted: value, limit: 10)").text, Phrase("\(quoted: text, limit: 10)").text, literal)
            if value.kind == .string {
                XCTAssertEqual(value.isEmptyString, text.isEmpty, literal)
                XCTAssertEqual(Phrase("\(describing: value)").text,
                               text.isEmpty ? "an empty string" : "the string \(ValueWording.quoted(text))", literal)
            } else {
                XCTAssertFalse(value.isEmptyString, literal)
            }
        }
    }

    func testStaticStringPiecesReadAsLiterals() {
        let shared: StaticString = ": shared ending"
        let phrase: Phrase = "start \(3)\(shared)"
        XCTAssertEqual(phrase.text, "start 3: shared ending")
    }

    func testNestedPhrasesAndAppending() {
        let count = 2
        let what: Phrase = "\(count) slide\(count == 1 ? "" : "s")"
        var text: Phrase = "carousel has \(what)"
        text += "; the first \(1) is shown"
        text.append("!")
        XCTAssertEqual(text.text, "carousel has 2 slides; the first 1 is shown!")
        XCTAssertEqual(text, Phrase("carousel has 2 slides; the first 1 is shown!"))
        XCTAssertEqual("\(text)", text.text, "CustomStringConvertible")
    }

    /// A copy keeps its text when the original is appended to (copy on write).
    func testCopiesAreIndependent() {
        var first: Phrase = "shared \(1)"
        let second = first
        first += " more"
        XCTAssertEqual(first.text, "shared 1 more")
        XCTAssertEqual(second.text, "shared 1")
    }

    func testGrowingPastTheReservedRoom() {
        var text: Phrase = ""
        var expected = ""
        for index in 0 ..< 500 {
            text += "\(index), "
            expected += "\(index), "
        }
        XCTAssertEqual(text.text, expected)
    }

    /// `\(json:)` is `JSONText.quote`, escapes included; `\(quoted:)` is `ValueWording.quoted`.
    func testQuotingMatchesJSONText() {
        let samples = ["", "plain", #"say "hi""#, #"back\slash"#, "a/b", "tab\tline\nreturn\r", "\u{01}\u{08}\u{0C}\u{1F}",
                       "Café “quoted” 🎉", String(repeating: "long url segment ", count: 8), "sixteen bytes!!!x"]
        for sample in samples {
            let json: Phrase = "[\(json: sample)]"
            XCTAssertEqual(json.text, "[" + JSONText.quote(sample) + "]", sample)
            let quoted: Phrase = "\(quoted: sample)"
            XCTAssertEqual(quoted.text, ValueWording.quoted(sample), sample)
        }
        let long = String(repeating: "é", count: 70)
        let short: Phrase = "\(quoted: long)"
        XCTAssertEqual(short.text, "\"" + String(repeating: "é", count: 57) + "...\"")
        let exactly: Phrase = "\(quoted: String(repeating: "x", count: 60))"
        XCTAssertEqual(exactly.text, "\"" + String(repeating: "x", count: 60) + "\"", "60 characters are not shortened")
    }

    func testQuotingAWordAtATimeMatchesJSONTextAtEveryPosition() {
        // Each byte that needs an escape, alone and in runs, at every offset around two
        // eight-byte words, after text that leaves the buffer almost full.
        for special in ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\"\"", "\\\n\"", "é\"", "😀\\"] {
            for length in 0 ..< 20 {
                for position in 0 ... length {
                    var text = String(repeating: "a", count: length)
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                    var buffer = ByteBuffer(capacity: 1)
                    buffer.append("<")
                    buffer.appendQuoted(text)
                    buffer.append(">")
                    let written = buffer.withBytes { String(decoding: $0, as: UTF8.self) }
                    XCTAssertEqual(written, "<" + JSONText.quote(text) + ">", text.debugDescription)
                }
            }
        }
    }

    func testNonASCIIIsKeptAsUTF8() {
        let name = "Grüße 🎉 “quoted”"
        let phrase: Phrase = "title \(name) ok"
        XCTAssertEqual(phrase.text, "title Grüße 🎉 “quoted” ok")
        XCTAssertEqual(phrase.utf8, Array("title Grüße 🎉 “quoted” ok".utf8))
    }

    func testWordingInterpolations() throws {
        XCTAssertEqual(Phrase("\(describing: try value(#""5""#))").text, #"the string "5""#)
        XCTAssertEqual(Phrase("\(describing: try value(#""""#))").text, "an empty string")
        XCTAssertEqual(Phrase("\(describing: try value("1.50"))").text, "the number 1.50")
        XCTAssertEqual(Phrase("\(describing: try value("true"))").text, "the boolean true")
        XCTAssertEqual(Phrase("\(describing: try value("null"))").text, "null")
        XCTAssertEqual(Phrase("\(describing: try value("[]"))").text, "an empty array")
        XCTAssertEqual(Phrase("\(describing: try value("[1]"))").text, "an array")
        XCTAssertEqual(Phrase("\(describing: try value("{}"))").text, "an empty object")
        XCTAssertEqual(Phrase("\(list: [])").text, "")
        XCTAssertEqual(Phrase("\(list: ["a"])").text, "a")
        XCTAssertEqual(Phrase("\(list: ["a", "b"])").text, "a and b")
        XCTAssertEqual(Phrase("\(list: ["a", "b", "c"])").text, "a, b and c")
        XCTAssertEqual(Phrase("\(sdk: .guide)").text, "the SDK")
        XCTAssertEqual(Phrase("\(sdk: .v7_0)").text, "SDK 7.0")
        XCTAssertEqual(Phrase("\(problem: VideoDescriptor.Problem.notWeb(scheme: "ftp"))").text,
                       "the video url uses ftp:, and only http and https videos play")
        XCTAssertEqual(Phrase("\(problem: WalletPass.Problem.notWeb(scheme: nil))").text,
                       "the pass URL has no scheme (http or https)")
    }

    /// An interpolation appends its pieces in place, checking only its room (and a string
    /// value written without escapes is quoted by copying it between quotes): many
    /// phrases of random pieces, from a buffer of no room and one of some, must read as
    /// the same pieces joined as `String`s (quoted by `JSONText.quote`).
    func testPiecesAppendedInPlaceReadAsTheStringsJoined() throws {
        let texts = ["", "a", "button title", "Café “quoted” 🎉", #"say "hi""#, String(repeating: "segment/", count: 9)]
        let document = try jtParse(#"["", "plain", "https://example.com/a?b=c", "été", "é 🎉 ok", "x\"y"]"#)
        let values = document.root.elements
        var generator = SeededGenerator(state: 7301)
        for round in 0 ..< 400 {
            var interpolation = Phrase.StringInterpolation(literalCapacity: round % 2 == 0 ? 0 : 40, interpolationCount: 0)
            var expected = ""
            for _ in 0 ..< Int.random(in: 0 ... 12, using: &generator) {
                switch Int.random(in: 0 ... 4, using: &generator) {
                case 0:
                    interpolation.appendLiteral(" and the ")
                    expected += " and the "
                case 1:
                    let text = texts.randomElement(using: &generator) ?? ""
                    interpolation.appendInterpolation(text)
                    expected += text
                case 2:
                    let number = Int.random(in: -100_000 ... 100_000, using: &generator)
                    interpolation.appendInterpolation(number)
                    expected += String(number)
                case 3:
                    let value = values.randomElement(using: &generator) ?? document.root
                    interpolation.appendInterpolation(quoted: value)
                    expected += ValueWording.quoted(value.string ?? "")
                default:
                    interpolation.appendInterpolation("; shared wording" as StaticString)
                    expected += "; shared wording"
                }
            }
            XCTAssertEqual(Phrase(stringInterpolation: interpolation).text, expected)
        }
    }

    /// The byte buffer behind phrases and JSON output.
    func testByteBufferWritesWhatItWasGiven() {
        var buffer = ByteBuffer()
        XCTAssertTrue(buffer.isEmpty)
        buffer.append("key: " as StaticString)
        buffer.append(decimal: -120)
        buffer.append(UInt8(ascii: " "))
        buffer.appendQuoted("a\"b\u{7}é")
        buffer.append(contentsOf: " end")
        let copy = buffer
        buffer.append([UInt8(ascii: "!")])
        XCTAssertEqual(buffer.withBytes { String(decoding: $0, as: UTF8.self) }, "key: -120 \"a\\\"b\\u0007é\" end!")
        XCTAssertEqual(copy.withBytes { String(decoding: $0, as: UTF8.self) }, "key: -120 \"a\\\"b\\u0007é\" end")
        XCTAssertEqual(copy.count, buffer.count - 1)
    }
}
