import XCTest
@testable import InboxModel
@testable import InboxCore

/// JSON held in JSON strings ("u" custom data, inbox "action_params"): positions map back into the
/// outer file (an escaped character maps to its backslash), pointers carry the outer prefix, and
/// fatal problems become IK007.
final class JSONNestedDocumentTests: JSONTestCase {
    func testNestedValuePointerAndPosition() throws {
        let outer = try jtParse(#"{"data": "{\"displayType\": \"carousel\"}"}"#)
        let nested = try jtNested(outer.root["data"])
        let displayType = try XCTUnwrap(nested.root["displayType"])
        XCTAssertEqual(displayType.string, "carousel")
        XCTAssertEqual(displayType.pointer, "/data/displayType")
        // The string "carousel" starts with the escaped quote \" at offset 28 (column 29).
        XCTAssertEqual(displayType.position, SourcePosition(offset: 28, line: 1, column: 29))
        XCTAssertEqual(displayType.keyPosition, SourcePosition(offset: 11, line: 1, column: 12))
        XCTAssertEqual(nested.root.position, SourcePosition(offset: 10, line: 1, column: 11))
        XCTAssertEqual(nested.root.pointer, "/data")
        XCTAssertEqual(nested.byteCount, 27)
    }

    func testBrokenNestedJSONIsIK007InsideTheOuterString() throws {
        let text = """
        {
          "title": "x",
          "u": "{\\"a\\": }"
        }
        """
        let outer = try jtParse(text)
        guard case let .failure(issue)? = outer.root["u"]?.parseNested() else { return XCTFail("expected failure") }
        XCTAssertEqual(issue.code, "IK007")
        XCTAssertEqual(issue.kind, .syntax(expected: "a value", found: "'}'"))
        XCTAssertEqual(issue.position.line, 3)
        XCTAssertEqual(issue.position.column, 17)
        XCTAssertEqual(issue.pointer, "/u/a")
        XCTAssertEqual(issue.message, "the JSON inside the string at /u is invalid: expected a value for the key \"a\" but found '}'")
    }

    func testEscapesBeforeTheErrorShiftTheColumn() throws {
        // Decoded: {<newline>  "a": 1x}  — \n, \" and \u0031 each map to their backslash.
        let outer = try jtParse(#"{"u": "{\n  \"a\": \u0031x}"}"#)
        guard case let .failure(issue)? = outer.root["u"]?.parseNested() else { return XCTFail("expected failure") }
        XCTAssertEqual(issue.kind, .syntax(expected: "',' or '}'", found: "'x'"))
        XCTAssertEqual(issue.position, SourcePosition(offset: 25, line: 1, column: 26))
        XCTAssertEqual(issue.pointer, "/u")
    }

    func testEndOfNestedInputMapsToTheClosingQuote() throws {
        let outer = try jtParse(#"["{\"a\": [1"]"#)
        guard case let .failure(issue)? = outer.root[0]?.parseNested() else { return XCTFail("expected failure") }
        XCTAssertEqual(issue.kind, .syntax(expected: "',' or ']'", found: "end of input"))
        XCTAssertEqual(issue.position.offset, 12)
        XCTAssertEqual(issue.pointer, "/0/a")
    }

    func testNestedWithoutEscapesMapsLinearly() throws {
        let outer = try jtParse(#"{"u": "[1, 2]"}"#)
        let nested = try jtNested(outer.root["u"])
        XCTAssertEqual(nested.root[1]?.position, SourcePosition(offset: 11, line: 1, column: 12))
        XCTAssertEqual(nested.root[1]?.pointer, "/u/1")
    }

    func testDoublyNestedDocumentMapsToTheOutermostFile() throws {
        let outer = try jtParse(#"{"a": "{\"b\": \"{\\\"c\\\": 1}\"}"}"#)
        let level1 = try jtNested(outer.root["a"])
        let level2 = try jtNested(level1.root["b"])
        let c = try XCTUnwrap(level2.root["c"])
        XCTAssertEqual(c.number, 1)
        XCTAssertEqual(c.pointer, "/a/b/c")
        XCTAssertEqual(c.position, SourcePosition(offset: 29, line: 1, column: 30))
    }

    func testNestedStringEscapesDecodeTwice() throws {
        let outer = try jtParse(#"{"u": "{\"t\": \"a\\nb\"}"}"#)
        let nested = try jtNested(outer.root["u"])
        XCTAssertEqual(nested.root["t"]?.string, "a\nb")
    }

    func testNestedWarningsKeepTheirCodesWithMappedPositions() throws {
        let outer = try jtParse("[1,\n \"{\\\"a\\\":1,\\\"a\\\":2}\"]")
        let nested = try jtNested(outer.root[1])
        XCTAssertEqual(nested.warnings.count, 1)
        let warning = nested.warnings[0]
        XCTAssertEqual(warning.code, "IK002")
        XCTAssertEqual(warning.pointer, "/1/a")
        // Line 2: space(1) "(2) {(3) \"(4-5) a(6) \"(7-8) :(9) 1(10) ,(11), then the second key's \" at column 12.
        XCTAssertEqual(warning.position, SourcePosition(offset: 15, line: 2, column: 12))
        XCTAssertEqual(nested.root["a"]?.number, 2)
    }

    func testFatalNestedProblemsKeepTheirKind() throws {
        let outer = try jtParse(#"{"u": "[\"\\ud800\"]", "deep": "[[[1]]]", "e": ""}"#)
        guard case let .failure(lone)? = outer.root["u"]?.parseNested() else { return XCTFail("expected failure") }
        XCTAssertEqual(lone.kind, .loneSurrogate("\\ud800"))
        XCTAssertEqual(lone.code, "IK007")
        XCTAssertEqual(lone.pointer, "/u/0")
        guard case let .failure(deep)? = outer.root["deep"]?.parseNested(maxDepth: 2) else { return XCTFail("expected failure") }
        XCTAssertEqual(deep.kind, .tooDeep(limit: 2))
        XCTAssertEqual(deep.code, "IK007")
        XCTAssertEqual(deep.position.column, 35)  // the third '[' inside the string "[[[1]]]"
        guard case let .failure(empty)? = outer.root["e"]?.parseNested() else { return XCTFail("expected failure") }
        XCTAssertEqual(empty.kind, .syntax(expected: "a value", found: "end of input"))
        XCTAssertEqual(empty.message, "the JSON inside the string at /e is invalid: expected a value but found end of input")
    }

    func testLongNestedStringUsesAnEscapeTableWithTheSameMapping() throws {
        // 12 000 elements written as \"ab\", (7 source bytes, 5 decoded): over the 64 KB threshold.
        let count = 12000
        let body = String(repeating: #"\"ab\","#, count: count)
        let broken = try jtParse(#"{"u": "["# + body + #"x]"}"#)
        guard case let .failure(issue)? = broken.root["u"]?.parseNested() else { return XCTFail("expected failure") }
        XCTAssertEqual(issue.kind, .syntax(expected: "a value", found: "'x'"))
        XCTAssertEqual(issue.position.offset, 8 + count * 7)
        XCTAssertEqual(issue.position.column, 9 + count * 7)
        XCTAssertEqual(issue.pointer, "/u/\(count)")
        let valid = try jtParse(#"{"u": "["# + body + #"1]"}"#)
        let nested = try jtNested(valid.root["u"])
        XCTAssertEqual(nested.root[5000]?.position.offset, 8 + 5000 * 7)
        XCTAssertEqual(nested.root[count]?.position.offset, 8 + count * 7)
        XCTAssertEqual(nested.root[0]?.string, "ab")
    }

    func testEveryDecodedOffsetMapsToItsByteOrEscape() throws {
        // Plain runs shorter and longer than a word, one-character escapes, \u escapes of
        // one to three bytes and a surrogate pair, back to back and at both ends.
        let content = #"\"a\\b\/c\n\u0041\u00e9\u20ac\ud83d\ude00 plain run longer than eight \t\"x\u0000y\""#
        let source = Array(("\"" + content + "\"").utf8)
        let closingQuote = source.count - 1
        // The expected map, escape by escape with the general decoder.
        var expected: [Int] = []
        var i = 1
        source.withUnsafeBufferPointer { buf in
            while i < closingQuote {
                guard buf[i] == ASCII.backslash else { expected.append(i); i += 1; continue }
                let escape = JSONStringDecoder.decodeEscape(buf, at: i, limit: closingQuote)
                XCTAssertGreaterThan(escape.sourceLength, 1)
                expected += Array(repeating: i, count: escape.decodedLength)
                i += escape.sourceLength
            }
            XCTAssertEqual(expected.count, JSONStringDecoder.decode(buf, from: 1, to: closingQuote).count)
        }
        let map = OffsetMap(contentStart: 1, closingQuote: closingQuote, hasEscapes: true)
        source.withUnsafeBufferPointer { buf in
            for offset in 0 ..< expected.count {
                XCTAssertEqual(map.sourceOffset(forDecoded: offset, in: buf), expected[offset], "offset \(offset)")
            }
            for offset in expected.count ... expected.count + 3 {
                XCTAssertEqual(map.sourceOffset(forDecoded: offset, in: buf), closingQuote, "offset \(offset)")
            }
            XCTAssertEqual(map.sourceOffset(forDecoded: -1, in: buf), 1)
        }
    }

    func testParseNestedOfNonStringIsNil() throws {
        let root = try jtParse(#"{"u": {"a": 1}}"#).root
        XCTAssertNil(root["u"]?.parseNested())
        XCTAssertNil(root.parseNested())
    }

    func testNestedPrefixOfARootMemberIsItsPointer() throws {
        // The prefix assembled from a root member's key, and the walk for everything else:
        // keys with escapes, "~" or "/", long keys, deeper strings, documents with a prefix.
        let keys = ["u", "data", "action_params", "userdata", "abcdefghijklmn", "abcdefghijklmno", "a~b", "a/b",
                    #"k\u00e9y"#, #"\"q"#, "caf\u{e9}", ""]
        for key in keys {
            let text = #"{"x": 1, ""# + key + #"": "[1]", "deep": {""# + key + #"": ["[2]"]}}"#
            for prefix in ["", "/request"] {
                let outer = kept(try XCTUnwrap(try? JSONDocument.parse(Array(text.utf8), pointerPrefix: prefix).get(), text))
                let members = outer.root.members
                let member = try XCTUnwrap(members.first { $0.value.kind == .string }?.value, text)
                let deep = try XCTUnwrap(members.last?.value.members.first?.value[0], text)
                for value in [member, deep] {
                    XCTAssertEqual(value.nestedPointerPrefix, value.pointer, text)
                    let nested = try jtNested(value)
                    XCTAssertEqual(nested.root[0]?.pointer, value.pointer + "/0", text)
                }
            }
        }
    }

    func testMapsFromDecoderStepsGiveEveryOffsetOfAnEscapeByEscapeWalk() {
        // Strings decoded into owned memory with room for the decoder's steps (what
        // `parseNested` does): the map looks up from the steps in strings of two-byte
        // escapes (`\"`-dense ones, split across steps at every lane; `\n` and `\/`, which
        // shift the steps) and from the start or checkpoints in others, against the byte or
        // backslash each decoded offset came from, at every offset.
        let simple = ["a", "bcdefghijk", #"\""#, #"\""#, #"\""#, #"\""#, #"\/"#, #"\n"#, "\u{e9}", "\u{1F600}"]
        let general = simple + [#"\\"#, #"\u00e9"#, #"\ud83d\ude00"#, #"\\\""#]
        var generator = SeededGenerator(state: 11_0601)
        for round in 0 ..< 1500 {
            let tokens = round % 3 == 2 ? general : simple
            let most = round % 5 == 0 ? 600 : 80
            let contents = Array(((0 ..< Int.random(in: 0 ... most, using: &generator)).map { _ in
                tokens.randomElement(using: &generator) ?? "a"
            } + (round % 2 == 0 ? [#"\""#] : [])).joined().utf8)
            let padding = round % 13
            let source = [UInt8](repeating: 0x2E, count: padding) + [ASCII.quote] + contents + [ASCII.quote, 0x2E]
            let from = padding + 1
            let to = from + contents.count
            guard from < to else { continue }
            var expected: [Int] = []
            var twoByteEscapes = true
            source.withUnsafeBufferPointer { buf in
                var i = from
                while i < to {
                    guard buf[i] == ASCII.backslash else { expected.append(i); i += 1; continue }
                    let escape = JSONStringDecoder.decodeEscape(buf, at: i, limit: to)
                    if escape.sourceLength != 2 || buf[i + 1] == ASCII.backslash { twoByteEscapes = false }
                    expected += Array(repeating: i, count: escape.decodedLength)
                    i += escape.sourceLength
                }
                let stepsAt = (contents.count + 7) & ~7
                let room = stepsAt + OffsetMap.stepsByteCount(forLength: contents.count)
                let owned = UnsafeMutableRawPointer.allocate(byteCount: room, alignment: 8)
                defer { owned.deallocate() }
                let out = owned.bindMemory(to: UInt8.self, capacity: stepsAt)
                let (count, map) = JSONStringDecoder.decodeNested(buf, from: from, to: to, into: out, steps: owned + stepsAt)
                let text = String(decoding: contents, as: UTF8.self)
                XCTAssertEqual(Array(UnsafeBufferPointer(start: out, count: count)),
                               JSONStringDecoder.decodeNested(buf, from: from, to: to).bytes, text)
                XCTAssertEqual(count, expected.count, text)
                XCTAssertEqual(map.twoByteEscapes, twoByteEscapes, text)
                XCTAssertEqual(map.steps != nil, twoByteEscapes, text)
                XCTAssertLessThanOrEqual(map.stepCount, contents.count / 16, text)
                if twoByteEscapes { XCTAssertTrue(map.checkpoints.isEmpty, text) }
                for offset in 0 ..< expected.count {
                    XCTAssertEqual(map.sourceOffset(forDecoded: offset, in: buf), expected[offset], "offset \(offset) of \(text)")
                }
                for offset in expected.count ... expected.count + 2 {
                    XCTAssertEqual(map.sourceOffset(forDecoded: offset, in: buf), to, "offset \(offset) of \(text)")
                }
                XCTAssertEqual(map.sourceOffset(forDecoded: -1, in: buf), from)
            }
        }
    }

    func testFindingsInsideNestedDocumentsOfEveryLengthHaveTheirColumns() throws {
        // A nested document long enough for many decoder steps, with the value sought at
        // every distance from its start: the position of each key is its quote's backslash.
        for lead in 0 ..< 48 {
            let filler = (0 ..< lead).map { #"\"k\#($0)\":1,"# }.joined()
            let text = #"{"data": "{"# + filler + #"\"target\":\"x\"}"}"#
            let outer = try jtParse(text)
            let nested = try jtNested(outer.root["data"])
            let members = nested.root.members
            XCTAssertEqual(members.count, lead + 1, text)
            let bytes = Array(text.utf8)
            for member in members {
                let column = member.value.position.column
                // The value's first byte in the file is the backslash of its opening `\"`
                // (or the digit of a number).
                let byte = bytes[column - 1]
                XCTAssertTrue(byte == ASCII.backslash || byte == 0x31, "\(member.key) in \(text)")
                XCTAssertEqual(member.value.position.line, 1)
            }
            let target = try XCTUnwrap(nested.root["target"])
            let expectedColumn = try XCTUnwrap(text.range(of: #"\"x\""#)).lowerBound.utf16Offset(in: text) + 1
            XCTAssertEqual(target.position.column, expectedColumn, text)
        }
    }
}
