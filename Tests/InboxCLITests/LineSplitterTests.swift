import XCTest
import InboxModel
@testable import InboxCLI

/// NDJSON lines come out the same whatever the chunks they are read in: a line inside
/// one chunk is copied directly, a line cut by a chunk boundary is gathered.
final class LineSplitterTests: XCTestCase {
    private struct Line: Equatable, CustomStringConvertible {
        var text: String
        var number: Int
        var description: String { "\(number): \(text.debugDescription)" }
    }

    private func split(_ input: String, chunk: Int, reusing: Bool = false) -> [Line] {
        var lines: [Line] = []
        feed(input, chunk: chunk, reusing: reusing) { lines.append(Line(text: String(decoding: $0, as: UTF8.self), number: $1)) }
        return lines
    }

    private func feed(_ input: String, chunk: Int, reusing: Bool, _ body: ([UInt8], Int) -> Void) {
        let bytes = Array(input.utf8)
        var splitter = LineSplitter()
        splitter.reusesLines = reusing
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            splitter.feed(bytes[start..<end], body)
            start = end
        }
        splitter.finish(body)
    }

    func testLinesNumbersBlanksAndCRLFInEveryChunking() {
        let input = "{\"a\": 1}\r\n\n  \t \r\n{\"b\": \"x y\"}\n\r\n{\"c\": [1,\n2]}\r\n   {\"d\": 4}  \n{\"e\": 5}"
        let expected = [
            Line(text: "{\"a\": 1}", number: 1),
            Line(text: "{\"b\": \"x y\"}", number: 4),
            Line(text: "{\"c\": [1,", number: 6),
            Line(text: "2]}", number: 7),
            Line(text: "   {\"d\": 4}  ", number: 8),
            Line(text: "{\"e\": 5}", number: 9),
        ]
        for chunk in 1...input.utf8.count {
            XCTAssertEqual(split(input, chunk: chunk), expected, "chunks of \(chunk) bytes")
        }
    }

    func testALoneCROnlyEndsALineBeforeLF() {
        XCTAssertEqual(split("a\rb\r\nc\r", chunk: 2), [Line(text: "a\rb", number: 1), Line(text: "c", number: 2)])
    }

    func testEmptyAndBlankInputsYieldNothing() {
        for input in ["", "\n", "\r\n\r\n", "   \n\t\n"] {
            for chunk in 1...3 {
                XCTAssertEqual(split(input, chunk: chunk), [], input.debugDescription)
            }
        }
    }

    func testLinesLongerThanAChunk() {
        let long = String(repeating: "x", count: 1000)
        let input = "{\"k\": \"\(long)\"}\n{}\n\(long)"
        for chunk in [7, 64, 999, 1000, 1001, 4096] {
            XCTAssertEqual(split(input, chunk: chunk).map(\.number), [1, 2, 3], "chunks of \(chunk)")
            XCTAssertEqual(split(input, chunk: chunk).last?.text, long)
        }
    }

    /// Lines read into the one reused array are the lines read into an array each, whatever
    /// the chunking and the lengths (longer, shorter, cut by a chunk boundary), both when
    /// every line is let go before the next (`--jobs 1`) and when they are all kept: a kept
    /// line is never overwritten.
    func testReusedLineArrayGivesTheSameLines() {
        var generator = SeededGenerator(state: 2017)
        var inputs = ["{\"a\": 1}\r\n\n  \t \r\n{\"b\": \"x y\"}\n\r\n{\"c\": [1,\n2]}\r\n   {\"d\": 4}  \n{\"e\": 5}",
                      "a\rb\r\nc\r", "", "\n\n", "aaaa\nbbbb\n\ncccc\ndddd\n", String(repeating: "x", count: 900) + "\nshort\n\n" + String(repeating: "y", count: 300)]
        for _ in 0..<40 {
            let lines = (0..<Int.random(in: 1...30, using: &generator)).map { _ in
                String(repeating: "z", count: Int.random(in: 0...200, using: &generator))
                    + (Bool.random(using: &generator) ? "\r" : "")
            }
            inputs.append(lines.joined(separator: "\n"))
        }
        for input in inputs {
            for chunk in [1, 3, 16, 64, 1 << 16] {
                let expected = split(input, chunk: chunk)
                XCTAssertEqual(split(input, chunk: chunk, reusing: true), expected, "kept, chunks of \(chunk)")
                var dropped: [Line] = []
                var previousStart: UnsafePointer<UInt8>?
                var reusedOnce = false
                feed(input, chunk: chunk, reusing: true) { bytes, number in
                    let start = bytes.withUnsafeBufferPointer { $0.baseAddress }
                    if start == previousStart { reusedOnce = true }
                    previousStart = start
                    dropped.append(Line(text: String(decoding: bytes, as: UTF8.self), number: number))
                }
                XCTAssertEqual(dropped, expected, "let go, chunks of \(chunk)")
                if chunk == 1 << 16, expected.count >= 3, Set(expected.map(\.text.utf8.count)).count == 1 {
                    XCTAssertTrue(reusedOnce, "lines of one length reuse the array")
                }
            }
        }
    }

    /// Lines whose arrays are all kept (as a batch waiting for workers keeps them) while the
    /// splitter reuses its array: none is overwritten by a later line.
    func testKeptLineArraysAreNeverOverwritten() {
        let input = (0..<50).map { "line \($0) " + String(repeating: "q", count: $0 % 7) }.joined(separator: "\n")
        for chunk in [5, 64, 1 << 16] {
            var kept: [(bytes: [UInt8], number: Int)] = []
            feed(input, chunk: chunk, reusing: true) { kept.append(($0, $1)) }
            XCTAssertEqual(kept.map { Line(text: String(decoding: $0.bytes, as: UTF8.self), number: $0.number) },
                           split(input, chunk: chunk), "chunks of \(chunk)")
        }
    }

    /// Standard input read whole is split from a given first line.
    func testSplittingWholeBytesCountsFromTheFirstLine() {
        var lines: [Line] = []
        LineSplitter.split(Array("{\"a\": 1}\n\n{\"bb\": 22}\n".utf8), firstLine: 5) { bytes, number in
            lines.append(Line(text: String(decoding: bytes, as: UTF8.self), number: number))
        }
        XCTAssertEqual(lines, [Line(text: "{\"a\": 1}", number: 5), Line(text: "{\"bb\": 22}", number: 7)])
    }
}
