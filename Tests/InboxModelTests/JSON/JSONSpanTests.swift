import XCTest
@testable import InboxModel
@testable import InboxCore

/// The core's span readers, through which the model reads bytes: each must hand over the
/// same bytes as the pointer reader beside it, decoded where the pointer one decodes.
final class JSONSpanTests: JSONTestCase {
    private func array(_ span: Span<UInt8>) -> [UInt8] {
        span.indices.map { span[$0] }
    }

    /// `body` with the UTF-8 of `text` as a span.
    private func span<R>(_ text: String, _ body: (Span<UInt8>) -> R) -> R {
        Array(text.utf8).withSpan(body)
    }

    func testStringSpanIsTheRawTextOrTheDecodedOne() throws {
        let root = try jtRoot(#"{"plain": "https://x.io", "escaped": "a\u00e9\n\/", "empty": "", "n": 12}"#)
        XCTAssertEqual(root["plain"]?.withStringSpan(array), Array("https://x.io".utf8))
        XCTAssertEqual(root["escaped"]?.withStringSpan(array), [0x61, 0xC3, 0xA9, 0x0A, 0x2F])
        XCTAssertEqual(root["empty"]?.withStringSpan(array), [])
        XCTAssertNil(root["n"]?.withStringSpan(array))
        // Written without escapes only: the escaped string has no raw span.
        XCTAssertEqual(root["plain"]?.withRawStringSpan(array), Array("https://x.io".utf8))
        XCTAssertEqual(try XCTUnwrap(root["empty"]).withRawStringSpan(array), [])
        XCTAssertNil(try XCTUnwrap(root["escaped"]).withRawStringSpan(array))
        XCTAssertNil(try XCTUnwrap(root["n"]).withRawStringSpan(array))
    }

    /// A nested document's bytes are the decoded string it was parsed from, and its
    /// values' spans are read from them.
    func testNestedDocumentSpansReadItsOwnBytes() throws {
        let outer = try jtParse(#"{"data": "{\"kind\": \"caf\\u00e9\", \"url\": \"https://a.b\"}"}"#)
        let nested = try jtNested(outer.root["data"])
        XCTAssertEqual(nested.root.withInputSpan(array), Array(#"{"kind": "caf\u00e9", "url": "https://a.b"}"#.utf8))
        XCTAssertEqual(nested.withInputSpan(array), nested.root.withInputSpan(array))
        XCTAssertEqual(nested.root["kind"]?.withStringSpan(array), Array("café".utf8))
        XCTAssertEqual(nested.root["url"]?.withRawStringSpan(array), Array("https://a.b".utf8))
        XCTAssertEqual(outer.root.withInputSpan(array), Array(#"{"data": "{\"kind\": \"caf\\u00e9\", \"url\": \"https://a.b\"}"}"#.utf8))
    }

    /// `members(matchingSpan:)` offers every key with the document's bytes, the last of a
    /// repeated name wins, and a non-object has no members.
    func testMembersMatchingSpanFindsWhatMemberNamesFinds() throws {
        let names = ["aps", "data", "ios_title", "a_name_longer_than_sixteen"]
        let general = MemberNames(names)
        for text in [#"{"data": 1, "aps": {}, "x": 2, "data": 3}"#, #"{"ios_t\u0069tle": "t"}"#,
                     #"{"a_name_longer_than_sixteen": [1]}"#, #"[1, 2]"#, #"{}"#] {
            let root = try jtRoot(text)
            let found = root.members(matchingSpan: { key, bytes in
                let decoded = Tape.stringBytes(key, bytes)
                return names.firstIndex { Array($0.utf8) == decoded }
            })
            let expected = root.members(general)
            for position in names.indices {
                XCTAssertEqual(found[position]?.index, expected[position]?.index, "\(text) \(names[position])")
            }
        }
    }

    /// The word readers give what the pointer readers give, for keys at every distance from
    /// the end of the input (where eight bytes cannot be loaded at once).
    func testWordReadersAgreeWithThePointerReaders() {
        let input = Array("abcdefghijklmnopqrstuvwxyz0123".utf8)
        input.withUnsafeBufferPointer { buffer in
            for from in 0 ..< input.count {
                for length in 0 ... input.count - from {
                    XCTAssertEqual(input.withSpan { KeyBytes.head($0, from: from, length: length) },
                                   KeyBytes.head(buffer, from: from, length: length), "head \(from) \(length)")
                    if length >= 8 {
                        XCTAssertEqual(input.withSpan { KeyBytes.tail($0, from: from, length: length) },
                                       KeyBytes.tail(buffer, from: from, length: length), "tail \(from) \(length)")
                    }
                }
                if from + 8 <= input.count {
                    XCTAssertEqual(input.withSpan { KeyBytes.word($0, at: from) }, KeyBytes.head(buffer, from: from, length: 8))
                }
            }
        }
        for count in 0 ... 16 {
            let bytes = Array(input.prefix(count))
            let words = bytes.withSpan(KeyBytes.words)
            XCTAssertEqual(words.low, ShortNames.word(bytes.prefix(8)), "\(count)")
            XCTAssertEqual(words.high, ShortNames.word(bytes.dropFirst(8)), "\(count)")
        }
    }

    func testStringsEscapesAndSignaturesFromSpans() throws {
        let text = #"{"k\u0065y": "x\ud83d\ude00\t", "auth": 1}"#
        let document = try jtParse(text)
        let bytes = Array(text.utf8)
        let value = try XCTUnwrap(document.root["key"])
        XCTAssertEqual(bytes.withSpan { Tape.stringBytes(value.node, $0) }, Array("x😀\t".utf8))
        XCTAssertEqual(bytes.withSpan { Tape.stringBytes(document.nodes[1], $0) }, Array("key".utf8))
        XCTAssertEqual(span("é-ok", ValidatedString.make), "é-ok")
        XCTAssertEqual(span("a longer text than a small string", ValidatedString.make), "a longer text than a small string")
        // The surrogate pair is one escape of twelve bytes, four bytes decoded.
        let escapeAt = try XCTUnwrap(bytes.firstIndex(of: UInt8(ascii: "\\")).map { bytes[($0 + 1)...].firstIndex(of: UInt8(ascii: "\\")) } ?? nil)
        let escape = bytes.withSpan { JSONStringDecoder.decodeEscape($0, at: escapeAt, limit: bytes.count) }
        XCTAssertEqual(escape.sourceLength, 12)
        XCTAssertEqual(escape.decodedLength, 4)
        XCTAssertEqual(escape.bytes, 0x8098_9FF0)
        XCTAssertEqual(span("auth", KeySignature.of), KeySignature.of(length: 4, first: UInt8(ascii: "a")))
        XCTAssertEqual(KeySignature.of(Span<UInt8>()), KeySignature.of(length: 0, first: ASCII.quote))
        XCTAssertTrue(span("auth") { document.mayHaveKey(named: $0) })
        XCTAssertTrue(span("key") { document.mayHaveKey(named: $0) })
        let other = try jtParse(#"{"a": 1}"#)
        XCTAssertFalse(span("auth") { other.mayHaveKey(named: $0) })
        XCTAssertTrue(bytes.withSpan { input in span("key") { JSONValue.stringNode(document.nodes[1], in: input, equals: $0) } })
        XCTAssertFalse(bytes.withSpan { input in span("kez") { JSONValue.stringNode(document.nodes[1], in: input, equals: $0) } })
    }

    /// A string's UTF-8 as a span, small (held in the value), native, non-ASCII and empty.
    func testStringUTF8Span() {
        for text in ["", "a", "fifteen bytes!!", "sixteen bytes!!!", String(repeating: "long ", count: 40), "ünï©ødé 😀"] {
            XCTAssertEqual(text.withUTF8Span(array), Array(text.utf8), text)
        }
        let sliced = String("prefix and the rest".dropFirst(7))
        XCTAssertEqual(sliced.withUTF8Span(array), Array("and the rest".utf8))
    }

    func testArraySpansAndScratch() {
        var numbers = [5, 3, 9]
        XCTAssertEqual(numbers.withSpan { span in span.indices.map { span[$0] } }, [5, 3, 9])
        numbers.withMutableSpan { $0.swapAt(0, 2) }
        XCTAssertEqual(numbers, [9, 3, 5])
        XCTAssertEqual([Int]().withSpan { $0.count }, 0)
        for count in [0, 1, 40, 5000] {
            let sum = Scratch.with(count, of: 2) { cells in
                var sum = 0
                for index in cells.indices { sum += cells[index] }
                return sum
            }
            XCTAssertEqual(sum, 2 * count)
        }
    }

    func testBorrowingPassesTheObjectOrNothing() throws {
        let document = try jtParse(#"{"a": [1, 2]}"#)
        XCTAssertEqual(Borrowing.with(Optional(document)) { $0.nodes.count }, document.nodes.count)
        let none: JSONDocument? = nil
        var called = false
        XCTAssertNil(Borrowing.with(none) { _ -> Int in called = true; return 1 })
        XCTAssertFalse(called)
        XCTAssertEqual(Borrowing.with(Optional(document)) { $0 === document }, true)
    }

    /// A block holding texts keeps them one after another, with its source.
    func testTextBlockHoldsTextsInOrder() {
        let source = "file.json"
        let written = ["IK001", "", "a message é", "/a/0"]
        let block = TextBlock.holding(written, source: source)
        var start = 0
        var texts: [String] = []
        for length in written.map(\.utf8.count) {
            texts.append(String(decoding: block.bytes(from: start, to: start + length), as: UTF8.self))
            start += length
        }
        XCTAssertEqual(texts, written)
        XCTAssertEqual(block.source, source)
        XCTAssertTrue(block.hasSource(source))
        XCTAssertFalse(block.hasSource("other.json"))
        XCTAssertEqual(SharedTextBlock(block: block).base, block.base)
    }
}
