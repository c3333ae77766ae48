import XCTest
@testable import InboxModel
@testable import InboxCore

/// The JSON layer's shortcuts must answer exactly what the plain ways answer: strings built
/// inline from validated bytes, the word test of the string scanner, escaped strings decoded
/// a word at a time, member lookups by length and first word, and positions of one-line
/// documents computed without the line table.
final class JSONFastPathTests: JSONTestCase {
    func testInlineStringsEqualTheStandardInitialiserAtEveryLengthAndPlace() {
        XCTAssertTrue(ValidatedString.isAvailable)
        let texts = ["", "a", "é", "abcdefg", "abcdefgh", "abcdefghi", "caf\u{e9} cr\u{e8}me", "123456789012345",
                     "1234567890123456", "\u{65e5}\u{672c}\u{8a9e}\u{1F600}", "a\u{1F600}bcdefghij", String(repeating: "x", count: 40)]
        for text in texts {
            let utf8 = Array(text.utf8)
            // Padding before and after moves the string to every alignment and to both ends of the buffer.
            for before in 0 ... 9 {
                for after in [0, 1, 7, 8, 9] {
                    let buffer = [UInt8](repeating: 0x2E, count: before) + utf8 + [UInt8](repeating: 0x2E, count: after)
                    let built = buffer.withUnsafeBufferPointer {
                        ValidatedString.make($0, from: before, to: before + utf8.count)
                    }
                    XCTAssertEqual(Array(built.utf8), utf8, "\(text) after \(before) bytes, \(after) after")
                    XCTAssertEqual(built, text)
                    XCTAssertEqual(built.hashValue, text.hashValue)
                    XCTAssertEqual(built.count, text.count)
                }
            }
        }
    }

    func testStringValuesAndKeysDecodeAsBefore() throws {
        let text = #"{"k": "v", "caf\u00e9": "cr\u00e8me \"br\u00fbl\u00e9e\"", "long key with spaces": "x\/y\\z\n\t\ud83d\ude00 end", "": ""}"#
        let root = try jtParse(text).root
        XCTAssertEqual(root.members.map(\.key), ["k", "café", "long key with spaces", ""])
        XCTAssertEqual(root["caf\u{e9}"]?.string, "crème \"brûlée\"")
        XCTAssertEqual(root["long key with spaces"]?.string, "x/y\\z\n\t\u{1F600} end")
        XCTAssertEqual(root[""]?.string, "")
        XCTAssertEqual(root["k"]?.sourceText, "\"v\"")
    }

    func testWordTestFindsTheFirstSpecialByteExactly() {
        let special: Set<UInt8> = Set(0 ..< 0x20).union([0x22, 0x5C]).union(0x80 ... 0xFF)
        let interesting: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA0, 0xFF, 0x61]
        var generator = SeededGenerator(state: 7017)
        for round in 0 ..< 20_000 {
            var bytes = (0 ..< 8).map { _ in interesting.randomElement(using: &generator) ?? 0x61 }
            if round % 3 == 0 { bytes[round % 8] = UInt8(truncatingIfNeeded: round) }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let marks = UTF8Validation.firstSpecialBytes(word)
            let found = marks == 0 ? 8 : marks.trailingZeroBitCount >> 3
            XCTAssertEqual(found, bytes.firstIndex(where: special.contains) ?? 8, "\(bytes)")
        }
    }

    func testVectorTestFindsTheFirstSpecialByteExactly() {
        let special: Set<UInt8> = Set(0 ..< 0x20).union([0x22, 0x5C]).union(0x80 ... 0xFF)
        let interesting: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA0, 0xFF, 0x61]
        var generator = SeededGenerator(state: 7018)
        for round in 0 ..< 20_000 {
            // Mostly plain bytes, so the first special one falls at every lane of both halves.
            var bytes = (0 ..< 17).map { _ in
                Int.random(in: 0 ..< 8, using: &generator) == 0 ? interesting.randomElement(using: &generator) ?? 0x61 : 0x61
            }
            if round % 3 == 0 { bytes[round % 17] = UInt8(truncatingIfNeeded: round) }
            let bits = bytes.withUnsafeBytes { ByteVector.stringBits($0.baseAddress!, at: 1) }
            let found = bits == 0 ? 16 : bits.trailingZeroBitCount
            XCTAssertEqual(found, bytes[1...].firstIndex(where: special.contains).map { $0 - 1 } ?? 16, "\(bytes)")
        }
    }

    /// The sixteen-bit tests (byte compares and a move of their top bits on x86-64) against
    /// their word arithmetic and a byte-by-byte test, every bit, on random chunks dense in
    /// the bytes at the edges of each kind.
    func testVectorBitsMatchTheWordBitsAndEachByte() {
        let interesting: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0x9F,
                                    0xA0, 0xDC, 0xDE, 0xFF, 0x61]
        var generator = SeededGenerator(state: 7019)
        for round in 0 ..< 20_000 {
            var bytes = (0 ..< 19).map { _ in
                Int.random(in: 0 ..< 3, using: &generator) == 0 ? 0x61 : interesting.randomElement(using: &generator) ?? 0x61
            }
            bytes[round % 19] = UInt8(truncatingIfNeeded: round)
            let offset = round % 3
            func expected(_ test: (UInt8) -> Bool) -> UInt32 {
                (0 ..< 16).reduce(UInt32(0)) { test(bytes[offset + $1]) ? $0 | 1 << UInt32($1) : $0 }
            }
            let quotes = expected { $0 == 0x22 }
            let backslashes = expected { $0 == 0x5C }
            let others = expected { $0 < 0x20 || $0 >= 0x80 }
            bytes.withUnsafeBytes { raw in
                let base = raw.baseAddress!
                XCTAssertEqual(ByteVector.stringBits(base, at: offset), quotes | backslashes | others, "\(bytes)")
                XCTAssertEqual(ByteVector.stringBitsInWords(base, at: offset), quotes | backslashes | others, "\(bytes)")
                let kinds = ByteVector.stringKindBits(base, at: offset)
                let words = ByteVector.stringKindBitsInWords(base, at: offset)
                XCTAssertEqual([kinds.quotes, kinds.backslashes, kinds.others], [quotes, backslashes, others], "\(bytes)")
                XCTAssertEqual([words.quotes, words.backslashes, words.others], [quotes, backslashes, others], "\(bytes)")
                XCTAssertEqual(ByteVector.backslashBits(ByteVector.load(base, at: offset)), backslashes, "\(bytes)")
            }
        }
    }

    func testStringsEndAndStopWhereTheBytewiseScanSaysAtEveryOffset() throws {
        // One special byte at every offset of long strings (the vector steps), and the same
        // strings near the end of the input (the word steps), against what each must give.
        for length in 0 ..< 48 {
            for offset in 0 ... length {
                let plain = String(repeating: "x", count: length)
                var chars = Array(plain)
                if offset < length { chars[offset] = "\u{e9}" }
                let text = String(chars)
                XCTAssertEqual(try jtParse("[\"\(text)\", 1]").root[0]?.string, text)
                XCTAssertEqual(try jtParse("\"\(text)\"").root.string, text)
                if offset < length {
                    var escaped = Array(plain).map(String.init)
                    escaped[offset] = "\\n"
                    XCTAssertEqual(try jtParse("[\"\(escaped.joined())\", 1]").root[0]?.string,
                                   String(plain.prefix(offset)) + "\n" + String(plain.dropFirst(offset + 1)))
                    var broken = Array(plain.utf8)
                    broken[offset] = 0x01
                    let failure = JSONDocument.parse(Array("[\"".utf8) + broken + Array("\"]".utf8))
                    guard case let .failure(issue) = failure else { return XCTFail("control byte at \(offset) of \(length)") }
                    XCTAssertEqual(issue.position.offset, offset + 2, "control byte at \(offset) of \(length)")
                }
            }
            XCTAssertNil(try? JSONDocument.parse(Array("[\"\(String(repeating: "x", count: length))".utf8)).get(),
                         "unterminated string of \(length)")
        }
    }

    func testFirstByteTestFindsTheFirstMatchExactly() {
        // Every pair of bytes at the bottom of the word, with fillers that do and do not borrow.
        for low in 0 ... 255 {
            for high in 0 ... 255 {
                for filler: UInt8 in [0x61, 0x00, 0x5C, 0xFF] {
                    let bytes = [UInt8(low), UInt8(high)] + Array(repeating: filler, count: 6)
                    let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
                    let marks = UTF8Validation.firstBytes(of: word, equalTo: ASCII.backslash)
                    let found = marks == 0 ? 8 : marks.trailingZeroBitCount >> 3
                    guard found == bytes.firstIndex(of: ASCII.backslash) ?? 8 else {
                        return XCTFail("first backslash of \(bytes): found \(found)")
                    }
                }
            }
        }
    }

    func testEscapeDenseStringsScanAndDecodeAtEveryAlignment() throws {
        // Strings made of `\"` pairs (passed over a word at a time) mixed with every other
        // kind of content, so pairs fall at every byte of a word, split between words, and
        // next to `\\`, other escapes, non-ASCII text and the end of the input.
        let tokens: [(source: String, decoded: String)] = [
            ("a", "a"), ("bcdefg", "bcdefg"), (#"\""#, "\""), (#"\""#, "\""), (#"\""#, "\""), (#"\\"#, "\\"),
            (#"\/"#, "/"), (#"\n"#, "\n"), (#"\u00e9"#, "\u{e9}"), ("\u{e9}", "\u{e9}"), (#"\\\""#, "\\\""),
        ]
        var generator = SeededGenerator(state: 8017)
        for round in 0 ..< 3000 {
            var source = ""
            var decoded = ""
            for _ in 0 ..< Int.random(in: 0 ... 24, using: &generator) {
                let token = tokens.randomElement(using: &generator) ?? tokens[0]
                source += token.source
                decoded += token.decoded
            }
            // Ending the input right after the string puts its last bytes in the final word.
            let text = round % 2 == 0 ? "[\"\(source)\", 1]" : "\"\(source)\""
            let root = try jtParse(text).root
            let value = round % 2 == 0 ? root[0] : root
            XCTAssertEqual(value?.string, decoded, text)
            if round % 2 == 0 { XCTAssertEqual(root[1]?.number, 1, text) }
        }
    }

    func testNestedDecodingRecordsTheCheckpointsOfAnEscapeByEscapeWalk() {
        // Escape-dense contents (decoded a word at a time between escapes) against a decoder
        // that takes one byte or escape at a time and records the same checkpoints, kept
        // only for strings longer than the map walks; lengths reach past both limits.
        let tokens = ["a", "bcdefg", #"\""#, #"\""#, #"\""#, #"\\"#, #"\/"#, #"\n"#, #"\u00e9"#, "\u{e9}", #"\\\""#]
        var generator = SeededGenerator(state: 8018)
        for round in 0 ..< 3000 {
            let most = round % 3 == 0 ? 400 : 40
            let contents = Array((0 ..< Int.random(in: 0 ... most, using: &generator)).map { _ in
                tokens.randomElement(using: &generator) ?? "a"
            }.joined().utf8)
            guard !contents.isEmpty else { continue }
            let source = [UInt8](repeating: 0x2E, count: 3) + contents + [0x2E]
            var expectedBytes: [UInt8] = []
            var expectedCheckpoints: [Int32] = []
            var twoByteEscapes = true
            var next = 3 + OffsetMap.checkpointSpacing
            var i = 3
            source.withUnsafeBufferPointer { buf in
                while i < 3 + contents.count {
                    guard buf[i] == ASCII.backslash else {
                        expectedBytes.append(buf[i])
                        i += 1
                        continue
                    }
                    if i >= next {
                        expectedCheckpoints += [Int32(i), Int32(expectedBytes.count)]
                        next = i + OffsetMap.checkpointSpacing
                    }
                    let escape = JSONStringDecoder.decodeEscape(buf, at: i, limit: 3 + contents.count)
                    if escape.sourceLength != 2 || buf[i + 1] == ASCII.backslash { twoByteEscapes = false }
                    expectedBytes += (0 ..< escape.decodedLength).map { UInt8(truncatingIfNeeded: escape.bytes >> (8 * UInt32($0))) }
                    i += escape.sourceLength
                }
            }
            let (decoded, map) = source.withUnsafeBufferPointer {
                JSONStringDecoder.decodeNested($0, from: 3, to: 3 + contents.count)
            }
            let text = String(decoding: contents, as: UTF8.self)
            XCTAssertEqual(decoded, expectedBytes, text)
            XCTAssertEqual(source.withUnsafeBufferPointer { JSONStringDecoder.decode($0, from: 3, to: 3 + contents.count) },
                           expectedBytes, text)
            XCTAssertEqual(map.twoByteEscapes, twoByteEscapes, text)
            let limit = twoByteEscapes ? OffsetMap.walkLimit : OffsetMap.escapeWalkLimit
            XCTAssertEqual(map.checkpoints, contents.count > limit ? expectedCheckpoints : [], text)
            XCTAssertEqual(map.contentStart, 3)
            XCTAssertEqual(map.closingQuote, 3 + contents.count)
        }
    }

    func testQuotePairStepsStopAtEveryOtherEscapeInEveryLane() {
        // The decoder's sixteen-byte steps over `\"` pairs give way to the escape-by-escape
        // decoding at any other escape, wherever it falls in a step (the pair split by a
        // step's end included), and take over again after it.
        let others = [#"\\"#, #"\/"#, #"\n"#, #"\u00e9"#, #"\ud83d\ude00"#, #"\\\""#, "\u{e9}"]
        for lead in 0 ..< 40 {
            for other in others {
                for pairs in [1, 9] {
                    let run = String(repeating: #"x\""#, count: pairs)
                    let text = String(repeating: "a", count: lead) + run + other + run + String(repeating: "b", count: 40) + #"\""#
                    let contents = Array(text.utf8)
                    let source = [UInt8](repeating: 0x2E, count: 3) + contents + [0x2E]
                    source.withUnsafeBufferPointer { buf in
                        var expected: [UInt8] = []
                        var i = 3
                        while i < 3 + contents.count {
                            guard buf[i] == ASCII.backslash else { expected.append(buf[i]); i += 1; continue }
                            let escape = JSONStringDecoder.decodeEscape(buf, at: i, limit: 3 + contents.count)
                            expected += (0 ..< escape.decodedLength).map { UInt8(truncatingIfNeeded: escape.bytes >> (8 * UInt32($0))) }
                            i += escape.sourceLength
                        }
                        XCTAssertEqual(JSONStringDecoder.decode(buf, from: 3, to: 3 + contents.count), expected, text)
                        XCTAssertEqual(JSONStringDecoder.decodeNested(buf, from: 3, to: 3 + contents.count).bytes, expected, text)
                    }
                }
            }
        }
    }

    func testNestedMapsGiveEveryOffsetOfAnEscapeByEscapeWalk() {
        // Maps as the decoder makes them (counting backslashes in strings of two-byte
        // escapes, decoding escapes in others, from checkpoints in long strings) against
        // the byte or backslash each decoded offset came from, at every offset.
        let simple = ["a", "bcdefghijk", #"\""#, #"\""#, #"\""#, #"\/"#, #"\n"#, "\u{e9}", "\u{1F600}"]
        let general = simple + [#"\\"#, #"\u00e9"#, #"\ud83d\ude00"#, #"\\\""#]
        var generator = SeededGenerator(state: 8019)
        for round in 0 ..< 600 {
            let tokens = round % 2 == 0 ? simple : general
            let most = round % 5 == 0 ? 700 : 60
            let contents = Array(((0 ..< Int.random(in: 1 ... most, using: &generator)).map { _ in
                tokens.randomElement(using: &generator) ?? "a"
            } + [#"\""#]).joined().utf8)
            let padding = round % 11
            let source = [UInt8](repeating: 0x2E, count: padding) + [ASCII.quote] + contents + [ASCII.quote, 0x2E]
            let from = padding + 1
            let to = from + contents.count
            var expected: [Int] = []
            source.withUnsafeBufferPointer { buf in
                var i = from
                while i < to {
                    guard buf[i] == ASCII.backslash else { expected.append(i); i += 1; continue }
                    let escape = JSONStringDecoder.decodeEscape(buf, at: i, limit: to)
                    expected += Array(repeating: i, count: escape.decodedLength)
                    i += escape.sourceLength
                }
                let (decoded, map) = JSONStringDecoder.decodeNested(buf, from: from, to: to)
                XCTAssertEqual(decoded.count, expected.count)
                if round % 2 == 0 { XCTAssertTrue(map.twoByteEscapes) }
                for offset in 0 ..< expected.count {
                    XCTAssertEqual(map.sourceOffset(forDecoded: offset, in: buf), expected[offset], "offset \(offset) of round \(round)")
                }
                for offset in expected.count ... expected.count + 2 {
                    XCTAssertEqual(map.sourceOffset(forDecoded: offset, in: buf), to, "offset \(offset) of round \(round)")
                }
                XCTAssertEqual(map.sourceOffset(forDecoded: -1, in: buf), from)
                // The counting walk, asked directly, agrees in strings of two-byte escapes.
                if map.twoByteEscapes {
                    for offset in stride(from: 0, to: expected.count, by: 3) {
                        XCTAssertEqual(OffsetMap.countedOffset(forDecoded: offset, in: buf, from: from, to: to), expected[offset])
                    }
                }
            }
        }
    }

    func testEscapeDenseStringsStopAtABadByteAtEveryOffset() {
        // Runs of `\"` pairs (passed over sixteen or eight bytes at a time) ending at a
        // control byte or a byte that is not UTF-8, with more pairs after it.
        for pairs in 0 ..< 20 {
            for plain in 0 ..< 3 {
                for bad: UInt8 in [0x01, 0xFF] {
                    let body = String(repeating: #"\""#, count: pairs) + String(repeating: "x", count: plain)
                    let bytes = Array("[\"\(body)".utf8) + [bad] + Array(String(repeating: #"\""#, count: 9).utf8) + Array("\"]".utf8)
                    guard case let .failure(issue) = JSONDocument.parse(bytes) else {
                        XCTFail("\(bad) after \(pairs) pairs and \(plain) bytes")
                        continue
                    }
                    XCTAssertEqual(issue.position.offset, 2 + body.utf8.count, "\(bad) after \(pairs) pairs and \(plain) bytes")
                }
            }
        }
    }

    func testEscapedStringsDecodeAtEveryAlignment() throws {
        for padding in 0 ... 9 {
            let plain = String(repeating: "p", count: padding)
            let text = "[\"\(plain)a\\\"b\\\\c\\/d\\u00e9\\ud83d\\ude00\(plain)e\\n\\\"\"]"
            let value = try XCTUnwrap(jtParse(text).root[0])
            XCTAssertEqual(value.string, "\(plain)a\"b\\c/d\u{e9}\u{1F600}\(plain)e\n\"")
        }
    }

    func testBatchLookupWithLongNamesSharingTheirFirstWord() throws {
        let names = ["inbox_image", "inbox_images", "inbox_date", "inbox_days", "ios_title", "ios_titlf", "a", ""]
        let text = #"{"inbox_images": 1, "inbox_image": 2, "inbox_days": 3, "ios_titlf": 4, "ios_title": 5, "": 6, "inbox_d\u0061te": 7, "a": 8, "a": 9, "zzzzzzzzzzzzzzzzzzzzzz": 10}"#
        let root = try jtParse(text).root
        let found = root.members(MemberNames(names))
        for (position, name) in names.enumerated() {
            XCTAssertEqual(found[position]?.index, root[name]?.index, name)
            XCTAssertNotNil(found[position], name)
        }
        XCTAssertEqual(found[7]?.number, 6)
        XCTAssertEqual(found[6]?.number, 9)
        XCTAssertEqual(found[2]?.number, 7)
    }

    func testSingleLookupAtEveryKeyLengthMatchesAWalkOverTheMembers() throws {
        // Keys of 0 to 20 bytes (small strings up to 15, heap strings beyond), each with a
        // near miss of the same length differing in the last byte, one key escaped, one
        // non-ASCII, and one duplicated; the object sits at the end of the input, so the
        // last key's words are read near the end of the bytes.
        var keys = (0 ... 20).map { String(repeating: "k", count: $0) }
        keys += ["caf\u{e9}", "\u{65e5}\u{672c}\u{8a9e}_key"]
        let misses = keys.filter { !$0.isEmpty }.map { String($0.dropLast()) + "x" }
        var members = keys.enumerated().map { "\"\($0.element)\": \($0.offset)" }
        members += misses.map { "\"\($0)\": -1" }
        members.append(#""kkkk\u006bk": 99"#)  // "kkkkkk", escaped: the last one wins
        let text = "{" + members.reversed().joined(separator: ", ") + "}"
        let root = try jtParse(text).root
        for key in keys + misses + ["absent", "kkkkkkkkkkkkkkkkkkkkkkkkk"] {
            let walked = root.members.last { $0.key == key }?.value
            XCTAssertEqual(root[key]?.index, walked?.index, key)
            // The same key built at run time (not a literal) takes the same path.
            let built = String(decoding: Array(key.utf8), as: UTF8.self)
            XCTAssertEqual(root[built]?.index, walked?.index, key)
        }
        XCTAssertEqual(root["kkkkkk"]?.number, 6)
        XCTAssertEqual(root["kkkkkkkkkkkkkkk"]?.number, 15)
        XCTAssertEqual(root["caf\u{e9}"]?.number, 21)
    }

    func testPositionsOfOneLineDocumentsMatchTheLineTable() throws {
        let text = Array(#"{"a": [1, "x", {"b": null}], "c": "d"}"#.utf8)
        for (firstLine, baseOffset, firstColumn) in [(1, 0, 1), (7, 120, 1), (3, 40, 9)] {
            guard case .success(let document) = JSONDocument.parse(text, firstLine: firstLine, baseOffset: baseOffset,
                                                                   firstColumn: firstColumn) else { return XCTFail("parse") }
            let lines = text.withUnsafeBufferPointer {
                LineTable(starts: [], contentStart: 0, bytes: $0, allowCheckpoints: true)
            }
            for offset in [-3, 0, 1, 5, 17, text.count - 1, text.count, text.count + 4] {
                var expected = text.withUnsafeBufferPointer {
                    lines.position(ofOffset: offset, in: $0, firstLine: firstLine, baseOffset: baseOffset)
                }
                expected.column += firstColumn - 1
                XCTAssertEqual(document.position(atOffset: offset), expected, "offset \(offset)")
            }
        }
    }
}
