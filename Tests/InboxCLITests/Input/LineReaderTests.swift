import XCTest
import InboxModel
@testable import InboxCLI
@testable import InboxCore

/// NDJSON lines come out the same whatever the reads and chunks they come in: a line inside
/// one chunk is handed over where it lies, a line cut by the end of a chunk is moved to the
/// start of the next (or of a larger one), and a line a caller keeps is never written over.
final class LineReaderTests: XCTestCase {
    private struct Line: Equatable, CustomStringConvertible {
        var text: String
        var number: Int
        var description: String { "\(number): \(text.debugDescription)" }
    }

    /// The lines of `input` read `piece` bytes at a time into chunks of `chunkSize`, each
    /// copied out as it is handed over (the chunk is then free for the next lines).
    private func split(_ input: String, piece: Int, chunkSize: Int = LineReader.chunkSize) -> [Line] {
        var lines: [Line] = []
        feed(input, piece: piece, chunkSize: chunkSize) { bytes, number in
            lines.append(Line(text: String(decoding: bytes, as: UTF8.self), number: number))
        }
        return lines
    }

    private func feed(_ input: String, piece: Int, chunkSize: Int, _ body: (ChunkBytes, Int) -> Void) {
        var reader = LineReader(chunkSize: chunkSize)
        reader.read(Array(input.utf8), piece: piece, body)
    }

    /// A line longer than the limit is not kept, in whatever reads it comes: it is handed
    /// over by its number alone, and the lines after it are read as usual.
    func testALineOverTheLimitIsDroppedAndReportedInEveryChunking() {
        let long = "{\"a\": \"" + String(repeating: "x", count: 100) + "\"}"
        let input = "{\"s\": 1}\n" + long + "\r\n{\"t\": 2}\n" + String(repeating: "y", count: 21) + "\n{\"u\": 3}"
        for chunkSize in [4, 16, 64, 1 << 16] {
            for piece in [1, 3, 7, 64, 1 << 16] {
                var lines: [Line] = []
                var tooLarge: [Int] = []
                var reader = LineReader(chunkSize: chunkSize, maxLineLength: 20)
                reader.read(Array(input.utf8), piece: piece, tooLarge: { tooLarge.append($0) }) { bytes, number in
                    lines.append(Line(text: String(decoding: bytes, as: UTF8.self), number: number))
                }
                XCTAssertEqual(lines, [Line(text: "{\"s\": 1}", number: 1), Line(text: "{\"t\": 2}", number: 3),
                                       Line(text: "{\"u\": 3}", number: 5)], "chunk \(chunkSize), piece \(piece)")
                XCTAssertEqual(tooLarge, [2, 4], "chunk \(chunkSize), piece \(piece)")
            }
        }
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
        for piece in 1...input.utf8.count {
            XCTAssertEqual(split(input, piece: piece), expected, "reads of \(piece) bytes")
            for chunkSize in [1, 2, 3, 7, 16] {
                XCTAssertEqual(split(input, piece: piece, chunkSize: chunkSize), expected,
                               "reads of \(piece) bytes, chunks of \(chunkSize)")
            }
        }
    }

    func testALoneCROnlyEndsALineBeforeLF() {
        XCTAssertEqual(split("a\rb\r\nc\r", piece: 2), [Line(text: "a\rb", number: 1), Line(text: "c", number: 2)])
        XCTAssertEqual(split("a\rb\r\nc\r", piece: 2, chunkSize: 2), [Line(text: "a\rb", number: 1), Line(text: "c", number: 2)])
    }

    func testEmptyAndBlankInputsYieldNothing() {
        for input in ["", "\n", "\r\n\r\n", "   \n\t\n"] {
            for piece in 1...3 {
                XCTAssertEqual(split(input, piece: piece), [], input.debugDescription)
                XCTAssertEqual(split(input, piece: piece, chunkSize: 1), [], input.debugDescription)
            }
        }
    }

    func testLinesLongerThanAChunk() {
        let long = String(repeating: "x", count: 1000)
        let input = "{\"k\": \"\(long)\"}\n{}\n\(long)"
        for (piece, chunkSize) in [(7, 16), (64, 64), (999, 1000), (1000, 1000), (1001, 512), (4096, 4096), (3, 1 << 16)] {
            let lines = split(input, piece: piece, chunkSize: chunkSize)
            XCTAssertEqual(lines.map(\.number), [1, 2, 3], "reads of \(piece), chunks of \(chunkSize)")
            XCTAssertEqual(lines.first?.text, "{\"k\": \"\(long)\"}")
            XCTAssertEqual(lines.last?.text, long)
        }
    }

    /// Random lines, read in every combination of read and chunk sizes, give the lines of a
    /// plain split, both when each is let go before the next is read (`--jobs 1`: then one
    /// chunk is read into again and again) and when every line's chunk is kept (a batch
    /// waiting for the workers): no kept line is written over by a later one.
    func testKeptAndLetGoLinesAreThePlainSplit() {
        var generator = SeededGenerator(state: 2017)
        var inputs = ["{\"a\": 1}\r\n\n  \t \r\n{\"b\": \"x y\"}\n\r\n{\"c\": [1,\n2]}\r\n   {\"d\": 4}  \n{\"e\": 5}",
                      "a\rb\r\nc\r", "", "\n\n", "aaaa\nbbbb\n\ncccc\ndddd\n",
                      String(repeating: "x", count: 900) + "\nshort\n\n" + String(repeating: "y", count: 300)]
        for _ in 0..<40 {
            let lines = (0..<Int.random(in: 1...30, using: &generator)).map { _ in
                String(repeating: "z", count: Int.random(in: 0...200, using: &generator))
                    + (Bool.random(using: &generator) ? "\r" : "")
            }
            inputs.append(lines.joined(separator: "\n"))
        }
        for input in inputs {
            let expected = plainSplit(input)
            for (piece, chunkSize) in [(1, 1), (3, 4), (16, 16), (64, 100), (1 << 16, 64), (5, 1 << 16), (1 << 16, 1 << 16)] {
                XCTAssertEqual(split(input, piece: piece, chunkSize: chunkSize), expected,
                               "let go, reads of \(piece), chunks of \(chunkSize)")
                var kept: [(bytes: ChunkBytes, number: Int)] = []
                feed(input, piece: piece, chunkSize: chunkSize) { kept.append(($0, $1)) }
                XCTAssertEqual(kept.map { Line(text: String(decoding: $0.bytes, as: UTF8.self), number: $0.number) },
                               expected, "kept, reads of \(piece), chunks of \(chunkSize)")
            }
        }
    }

    /// With every line let go before the next read, a file of short lines is read into one
    /// chunk; with the lines kept, each full chunk is left to them.
    func testAChunkNothingHoldsIsReadIntoAgain() {
        let input = (0..<200).map { "line \($0)" }.joined(separator: "\n")
        var chunks: [ObjectIdentifier] = []
        feed(input, piece: 50, chunkSize: 64) { bytes, _ in chunks.append(ObjectIdentifier(bytes.chunk)) }
        XCTAssertEqual(Set(chunks).count, 1)
        var kept: [InputChunk] = []
        feed(input, piece: 50, chunkSize: 64) { bytes, _ in kept.append(bytes.chunk) }
        XCTAssertGreaterThan(Set(kept.map(ObjectIdentifier.init)).count, 10)
    }

    /// Standard input read whole is split in place from a given first line.
    func testSplittingWholeBytesCountsFromTheFirstLine() {
        let bytes = Array("{\"a\": 1}\n\n{\"bb\": 22}\n".utf8)
        let chunk = InputChunk(copying: bytes)
        var lines: [Line] = []
        LineReader.split(chunk, count: bytes.count, firstLine: 5) { bytes, number in
            lines.append(Line(text: String(decoding: bytes, as: UTF8.self), number: number))
        }
        XCTAssertEqual(lines, [Line(text: "{\"a\": 1}", number: 5), Line(text: "{\"bb\": 22}", number: 7)])
    }

    /// The lines of a split on LF, each without a CR at its end, blank ones left out.
    private func plainSplit(_ input: String) -> [Line] {
        var lines: [Line] = []
        for (index, piece) in Array(input.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var content = Array(piece)
            if content.last == 0x0D { content.removeLast() }
            if content.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                lines.append(Line(text: String(decoding: content, as: UTF8.self), number: index + 1))
            }
        }
        return lines
    }
}
