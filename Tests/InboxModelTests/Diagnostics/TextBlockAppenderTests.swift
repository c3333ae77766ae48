import XCTest
@testable import InboxModel
@testable import InboxCore

/// The core's appender of findings' texts (`TextBlockAppender`, `TextEntryWriter`): texts go
/// one after another, each at the offset it is given, never over one written before; a
/// block's bytes are read back through `SharedTextBlock.withBytes`.
final class TextBlockAppenderTests: JSONTestCase {
    private func bytes(_ block: SharedTextBlock, _ range: Range<Int>) -> [UInt8] {
        var read: [UInt8] = []
        block.withBytes(from: range.lowerBound, to: range.upperBound) { read.append(contentsOf: $0) }
        return read
    }

    func testTextsGoOneAfterAnotherAndEarlierOnesStayAsWritten() throws {
        var appender = TextBlockAppender()
        XCTAssertNil(appender.shared)
        XCTAssertEqual(appender.room, 0)
        appender.start(source: "s.json", capacity: 64)
        XCTAssertEqual(appender.room, 64)
        var written: [(Range<Int>, [UInt8])] = []
        for (index, text) in ["IK101", "a message", "", "/data/k~1", String(repeating: "x", count: 17)].enumerated() {
            let utf8 = Array(text.utf8)
            let start = appender.append(count: utf8.count) { out in
                utf8.withSpan { out.append($0) }
                XCTAssertEqual(out.remaining, 0)
            }
            XCTAssertEqual(start, written.last?.0.upperBound ?? 0, "text \(index) starts where the last ended")
            written.append((start ..< start + utf8.count, utf8))
        }
        let block = try XCTUnwrap(appender.shared)
        for (range, utf8) in written { XCTAssertEqual(bytes(block, range), utf8) }
        XCTAssertEqual(appender.used, written.last?.0.upperBound)
        XCTAssertEqual(appender.room, 64 - appender.used)
        XCTAssertEqual(block.block.source, "s.json")
    }

    /// A code kept as a word is stored whole when the text has eight bytes or more (what
    /// follows writes over the rest) and byte by byte otherwise, so a short text never
    /// writes past its end: a text after it keeps its bytes.
    func testAWordWritesOnlyItsBytesWhenTheTextIsShort() throws {
        let word: UInt64 = 0x31_30_31_4B_49 | 0x41_41_41 << 40 // "IK101" then "AAA", first byte lowest
        for count in 0 ... 5 {
            var appender = TextBlockAppender()
            appender.start(source: "s", capacity: 32)
            _ = appender.append(count: count) { $0.append(word: word, count: count) }
            let after = appender.append(count: 3) { out in [UInt8]("end".utf8).withSpan { out.append($0) } }
            let block = try XCTUnwrap(appender.shared)
            XCTAssertEqual(bytes(block, 0 ..< count), Array("IK101".utf8.prefix(count)), "\(count) bytes")
            XCTAssertEqual(bytes(block, after ..< after + 3), Array("end".utf8))
        }
        var appender = TextBlockAppender()
        appender.start(source: "s", capacity: 32)
        _ = appender.append(count: 12) { out in
            out.append(word: word, count: 5)
            [UInt8]("message".utf8).withSpan { out.append($0) }
        }
        XCTAssertEqual(bytes(try XCTUnwrap(appender.shared), 0 ..< 12), Array("IK101message".utf8))
    }

    /// A text of a word-coded head and three spans, in one call: every head length (whole
    /// word stored or byte by byte) with spans empty and long reads back as written, and a
    /// text after it keeps its bytes.
    func testAHeadAndThreeSpansGoInOneText() throws {
        let word: UInt64 = 0x31_30_31_4B_49 | 0x41_41_41 << 40
        for headCount in 0 ... 5 {
            let cases = [["", "", ""], ["message", "", "/a"], ["a message of more than sixteen bytes", "/p/3", "/k"]]
            for parts in cases {
                var appender = TextBlockAppender()
                appender.start(source: "s", capacity: 128)
                let utf8 = parts.map { Array($0.utf8) }
                let start = utf8[0].withSpan { first in
                    utf8[1].withSpan { second in
                        utf8[2].withSpan { appender.append(word: word, count: headCount, first, second, $0) }
                    }
                }
                XCTAssertEqual(start, 0)
                let expected = Array("IK101".utf8.prefix(headCount)) + utf8.flatMap { $0 }
                XCTAssertEqual(appender.used, expected.count)
                let after = appender.append(count: 3) { out in [UInt8]("end".utf8).withSpan { out.append($0) } }
                let block = try XCTUnwrap(appender.shared)
                XCTAssertEqual(bytes(block, 0 ..< expected.count), expected, "\(headCount) \(parts)")
                XCTAssertEqual(bytes(block, after ..< after + 3), Array("end".utf8))
            }
        }
    }

    /// The tape's general path writes the same pointer, after a prefix, as the value's own.
    func testAPointerWrittenByTheTapeEqualsTheValuesPointer() throws {
        let document = try jtParse(#"{"a~b": [1, {"c/d": {"\u0041": true}}]}"#)
        for index in 1 ..< document.nodes.count where !RandomPointerJSON.isKey(index, in: document) {
            let value = JSONValue(document: document, index: index)
            let expected = Array(("/batch/3" + value.pointer).utf8)
            var appender = TextBlockAppender()
            appender.start(source: "s", capacity: 128)
            let prefix = Array("/batch/3".utf8)
            let length = prefix.count + value.pointerByteCount
            XCTAssertEqual(length, expected.count)
            _ = appender.append(count: length) { out in
                prefix.withSpan { out.appendPointer(of: value, prefix: $0, length: length) }
            }
            XCTAssertEqual(bytes(try XCTUnwrap(appender.shared), 0 ..< length), expected, value.pointer)
        }
    }

    /// The pointer written backwards into scratch is the value's pointer where it takes the
    /// fast path, and nil (the general path) for names that need escaping.
    func testAPointerWrittenBackwardsIsTheValuesOrNil() throws {
        let document = try jtParse(#"{"data": {"buttons": [{"url": 1}, {"a/b": 2}]}}"#)
        let scratch = ByteScratch(count: PointerPath.room)
        for index in 1 ..< document.nodes.count where !RandomPointerJSON.isKey(index, in: document) {
            let value = JSONValue(document: document, index: index)
            let written: [UInt8]? = value.withPointerWrittenBackwards(in: scratch) { path in
                guard let path else { return nil }
                var bytes: [UInt8] = []
                bytes.append(contentsOf: path)
                return bytes
            }
            if value.pointer.contains("~") {
                XCTAssertNil(written, value.pointer)
            } else if let written {
                XCTAssertEqual(String(decoding: written, as: UTF8.self), value.pointer)
            }
        }
        let url = try XCTUnwrap(JSONValue(document: document, index: 0)["data"]?["buttons"]?[0]?["url"])
        XCTAssertEqual(url.pointer, "/data/buttons/0/url")
        XCTAssertEqual(url.withPointerWrittenBackwards(in: scratch) { $0?.count }, 19)
        // Longer than the scratch: the general path.
        let nested = String(repeating: #"{"abcdefghij":"#, count: 30) + "1" + String(repeating: "}", count: 30)
        let deep = try jtParse(nested)
        var inner = JSONValue(document: deep, index: 0)
        while let next = inner["abcdefghij"] { inner = next }
        XCTAssertEqual(inner.pointer.utf8.count, 30 * 11)
        XCTAssertNil(inner.withPointerWrittenBackwards(in: scratch) { $0?.count })
    }

    func testDroppingLetsGoOfTheBlockAndAStartedOneIsNew() throws {
        var appender = TextBlockAppender()
        appender.start(source: "s", capacity: 16)
        _ = appender.append(count: 4) { out in [UInt8]("abcd".utf8).withSpan { out.append($0) } }
        let first = try XCTUnwrap(appender.shared)
        appender.drop()
        XCTAssertNil(appender.shared)
        XCTAssertEqual(appender.room, 0)
        appender.start(source: "s", capacity: 16)
        XCTAssertEqual(appender.used, 0)
        XCTAssertFalse(try XCTUnwrap(appender.shared).address.isStart(of: first))
        XCTAssertEqual(bytes(first, 0 ..< 4), Array("abcd".utf8), "a block let go lives on in what holds it")
    }

    func testSpansWithTheSameBytesAreEqual() {
        let cases: [([UInt8], [UInt8], Bool)] = [([], [], true), ([1], [1], true), ([1, 2], [1, 3], false),
                                                 ([1], [1, 2], false), (Array(0 ... 40), Array(0 ... 40), true)]
        for (left, right, equal) in cases {
            XCTAssertEqual(left.withSpan { a in right.withSpan { a.hasSameBytes(as: $0) } }, equal, "\(left) \(right)")
        }
    }
}
