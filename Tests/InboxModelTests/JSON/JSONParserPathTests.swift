import XCTest
@testable import InboxModel
@testable import InboxCore

/// The parser's fast pass (`parseFast`) must leave exactly what the general loop leaves:
/// the same tape node for node, key summary, line starts and non-ASCII flag, and, where it
/// gives up, the general loop's own failure or warnings. Each input here is parsed both
/// ways and the results compared: documents of every shape the fast pass takes on, the
/// cases it hands over, every prefix of them (truncated input), and random mutations.
final class JSONParserPathTests: XCTestCase {
    /// Everything a parse leaves behind, as text so a difference reads in the failure.
    private struct Outcome: Equatable {
        var nodes: [String]
        var keySummary: UInt64
        var sawNonASCII: Bool
        var lineStarts: [Int32]?
        var warnings: [String]
        var failure: String?
    }

    /// `reusing`: the tape comes from a `TapeReuse`, which gives a short input a tape the
    /// fast pass writes with no test of its room (`ReservedRoom`).
    private func outcome(_ bytes: [UInt8], fast: Bool, maxDepth: Int, recordsLines: Bool, reusing: Bool = false) -> Outcome {
        bytes.withUnsafeBufferPointer { buf in
            var parser = JSONParser(buf: buf, maxDepth: maxDepth, recordsLines: recordsLines, tapes: reusing ? TapeReuse() : nil)
            var failure: String?
            do {
                try parser.run(allowsFastPath: fast)
            } catch let stop as ParseFailure {
                failure = "\(stop.kind) at \(stop.offset) \(stop.pointer): \(stop.detail)"
            } catch {
                failure = "\(error)"
            }
            let nodes = (0 ..< parser.nodes.count).map { index -> String in
                let node = parser.nodes[index]
                return "\(node.start) \(node.end) \(node.link) \(node.count) \(node.parent) \(node.slot) \(node.kind) \(node.flags)"
            }
            parser.nodes.deallocate()
            let warnings = (parser.warnings ?? []).map { "\($0)" }
            // Nodes and the summary are only meaningful after a complete parse.
            return Outcome(nodes: failure == nil ? nodes : [], keySummary: failure == nil ? parser.keySummary : 0,
                           sawNonASCII: failure == nil && parser.sawNonASCII, lineStarts: parser.lineStarts,
                           warnings: warnings, failure: failure)
        }
    }

    private func assertSamePaths(_ bytes: [UInt8], maxDepth: Int = 512, file: StaticString = #filePath, line: UInt = #line) {
        for recordsLines in [true, false] {
            let general = outcome(bytes, fast: false, maxDepth: maxDepth, recordsLines: recordsLines)
            for reusing in [false, true] {
                let fast = outcome(bytes, fast: true, maxDepth: maxDepth, recordsLines: recordsLines, reusing: reusing)
                XCTAssertEqual(fast, general, "\(String(decoding: bytes, as: UTF8.self).debugDescription) reusing: \(reusing)",
                               file: file, line: line)
            }
        }
    }

    private static let documents: [String] = [
        #"{"send_date":"now","ios_title":"","content":"The trail runners you saved are back in your size.","inbox_days":21,"platforms":[1,3],"data":{"displayType":"banner","campaign":"bench-13"}}"#,
        #"{"data":"{\"displayType\":\"Carousel\",\"carousel\":[],\"campaign\":\"bench-4\"}","x":[{},[],{"a":[[]]}]}"#,
        "{\n  \"a\" : [ 1 , 2.5 , -3 , 0 , -0.25 , true , false , null ],\r\n\t\"b\" :{ } , \"c\":[ ]\n}\n",
        "\u{FEFF}{\"bom\":1}",
        #"{"caf\u00e9":"cr\u00e8me \"br\u00fbl\u00e9e\"","k":"x\/y\\z\n\t\ud83d\ude00","":""}"#,
        "{\"t\u{e9}t\u{e9}\":\"\u{65e5}\u{672c}\u{8a9e}\u{1F600}\",\"e\":\"caf\u{e9}\"}",
        #"{"a":1,"b":2,"a":3}"#,
        #"{"a":1,"\u0061":2}"#,
        #"{"ab":1,"ac":2,"ad":3,"ba":4}"#,
        "{" + (0 ..< 20).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}",
        "{" + (0 ..< 16).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}",
        "{" + (0 ..< 17).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}",
        "[1e5, 2E-3, 1.5e+2, 1e400, -1e-400]",
        "[" + String(repeating: "9", count: 310) + "]",
        "[" + String(repeating: "1", count: 300) + "]",
        "[0.1234567890123456789, -12345678901234567890, 00, 01, -, -a, 1., .5, +1]",
        "[true,false,null,truex,nul,fals,tru]",
        "[\"unterminated",
        "{\"a\":1,}",
        "[1,]",
        "{\"a\" 1}",
        "{a:1}",
        "[\"ctl\u{01}\"]",
        #"["\x"]"#,
        #"["\ud800"]"#,
        #"["\udc00x"]"#,
        #"["\ud800\u0041"]"#,
        #"["\u12"]"#,
        "[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]",
        "{} x",
        "   ",
        "",
        "\"just a string with some length to it, past sixteen bytes\"",
        "42",
        "-7.5",
        "true",
        "[\u{0B}]",
        "{\"a\":{\"b\":{\"c\":[1,{\"d\":\"e\"}]}},\"f\":[[1,2],[3,{\"g\":null}]]}",
    ]

    func testDocumentsParseTheSameBothWays() {
        for text in Self.documents {
            assertSamePaths(Array(text.utf8))
            assertSamePaths(Array(text.utf8), maxDepth: 3)
        }
        // Invalid UTF-8 in strings and outside them.
        for bytes: [UInt8] in [[0x22, 0xC3, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x5B, 0xFF, 0x5D],
                               [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22]] {
            assertSamePaths(bytes)
        }
    }

    func testEveryPrefixParsesTheSameBothWays() {
        for text in Self.documents.prefix(6) {
            let bytes = Array(text.utf8)
            for length in 0 ... bytes.count { assertSamePaths(Array(bytes[0 ..< length])) }
        }
    }

    func testMutatedDocumentsParseTheSameBothWays() {
        var generator = SeededGenerator(state: 8081)
        let interesting: [UInt8] = Array("{}[]\",:\\ \n\t0-.eEtfnu".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
        for round in 0 ..< 6000 {
            var bytes = Array(Self.documents[round % Self.documents.count].utf8)
            for _ in 0 ..< 1 + round % 3 where !bytes.isEmpty {
                let at = Int.random(in: 0 ..< bytes.count, using: &generator)
                switch Int.random(in: 0 ..< 3, using: &generator) {
                case 0: bytes[at] = interesting.randomElement(using: &generator) ?? 0
                case 1: bytes.insert(interesting.randomElement(using: &generator) ?? 0, at: at)
                default: bytes.remove(at: at)
                }
            }
            assertSamePaths(bytes, maxDepth: round % 5 == 0 ? 4 : 512)
        }
    }

    func testRandomDocumentsParseTheSameBothWays() {
        var generator = SeededGenerator(state: 8082)
        let shapes = RandomPointerJSON(pieces: ["a", "b", "~", "/", "\u{e9}", "\\n", "\\\"", "\\u0041", " "], maxDepth: 5,
                                       maxElements: 6)
        for _ in 0 ..< 1500 {
            let text = shapes.value(using: &generator)
            assertSamePaths(Array(text.utf8))
        }
    }

    func testTheFastPassTakesCleanDocumentsAndGrowsTheTape() {
        // A document of many nodes outgrows the first tape several times over.
        let text = "[" + (0 ..< 3000).map { "{\"id\":\($0),\"name\":\"n\($0)\",\"ok\":true}" }.joined(separator: ",") + "]"
        let bytes = Array(text.utf8)
        assertSamePaths(bytes)
        bytes.withUnsafeBufferPointer { buf in
            var parser = JSONParser(buf: buf, maxDepth: 512, recordsLines: true)
            guard let base = buf.baseAddress else { return XCTFail("no bytes") }
            XCTAssertTrue(parser.parseFast(base))
            XCTAssertEqual(parser.nodes.count, 1 + 3000 * 7)
            parser.nodes.deallocate()
        }
    }

    func testStringsAtEveryOffsetAndLengthParseTheSameBothWays() {
        // The string scan steps by sixteen bytes (eight below sixteen bytes of input), reads
        // the last sixteen bytes of the input shifted, and hands escapes, controls and
        // non-ASCII text to out-of-line steps: strings of every length from every offset, with
        // such a byte at the start, middle and end, closed and cut short, put each of them on
        // every boundary (the lead moves the input's end against the steps as well).
        let specials: [[UInt8]] = [[], Array(#"\""#.utf8), Array(#"\n"#.utf8), Array(#"\u00e9"#.utf8), [0xC3, 0xA9], [0x01]]
        for lead in [0, 5, 16] {
            for length in 0 ..< 40 {
                for special in specials {
                    for at in Set([0, length / 2, length]) {
                        var content = Array(repeating: UInt8(ascii: "a"), count: length)
                        content.insert(contentsOf: special, at: at)
                        // A member's key and value, and an element, `lead` bytes into the input.
                        let padding = Array(repeating: UInt8(ascii: " "), count: lead)
                        let member = Array("{".utf8) + padding + [ASCII.quote] + content + Array(#"":""#.utf8) + content
                            + Array(#"","k":1}"#.utf8)
                        let element = Array("[".utf8) + padding + [ASCII.quote] + content + Array(#""]"#.utf8)
                        for bytes in [member, element] {
                            assertSamePaths(bytes)
                            // Cut short: inside the element's string, in the member's last member.
                            assertSamePaths(Array(bytes.dropLast(2)))
                            assertSamePaths(Array(bytes.dropLast(3)))
                        }
                    }
                }
            }
        }
    }

    func testDenseDocumentsAroundTheReservedTapeLimitParseTheSameBothWays() {
        // One node per one or two bytes, just below and above the length whose tape the fast
        // pass writes with no test of its room, complete and cut short (open containers).
        let limit = JSONParser.reservedTapeLimit
        for length in [limit - 3, limit - 2, limit - 1, limit, limit + 1, limit + 2] {
            let zeros = "[" + String(repeating: "0,", count: (length - 2) / 2) + "0]"
            let deep = String(repeating: "[", count: length / 2) + String(repeating: "]", count: length / 2)
            let members = "[" + String(repeating: "{\"a\":0},", count: (length - 4) / 8) + "{}]"
            for text in [zeros, deep, members] {
                let bytes = Array(text.utf8)
                // Below the limit a reused tape has room for a node per byte (the loop without tests).
                bytes.withUnsafeBufferPointer { buf in
                    let parser = JSONParser(buf: buf, maxDepth: 4096, recordsLines: false, tapes: TapeReuse())
                    XCTAssertEqual(parser.nodes.capacity > buf.count, buf.count < limit)
                    parser.nodes.deallocate()
                }
                assertSamePaths(bytes, maxDepth: 4096)
                assertSamePaths(Array(bytes.prefix(length - 1)), maxDepth: 4096)
                assertSamePaths(Array(repeating: ASCII.openBracket, count: length), maxDepth: 4096)
            }
        }
    }
}
