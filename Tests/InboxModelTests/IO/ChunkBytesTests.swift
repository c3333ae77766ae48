import XCTest
@testable import InboxCore

/// The reader's view of an `InputChunk`: `ChunkBytes` are the bytes of their range and no
/// other, counted from 0; a search, a move or a copy touches its range only.
final class ChunkBytesTests: XCTestCase {
    private func chunk(_ text: String) -> InputChunk {
        InputChunk(copying: Array(text.utf8))
    }

    func testChunkBytesAreTheirRangeCountedFromZero() {
        let whole = chunk("ab{\"x\":1}cd")
        let bytes = whole.bytes(2..<9)
        XCTAssertEqual(bytes.count, 7)
        XCTAssertEqual(bytes.first, UInt8(ascii: "{"))
        XCTAssertEqual(bytes[6], UInt8(ascii: "}"))
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "{\"x\":1}")
        XCTAssertEqual(Array(bytes.reversed()).first, UInt8(ascii: "}"))
        XCTAssertTrue(bytes.chunk === whole)
        let empty = whole.bytes(11..<11)
        XCTAssertTrue(empty.isEmpty)
        XCTAssertEqual(Array(empty), [])
    }

    func testAnEmptyInputStillHasAChunk() {
        let empty = InputChunk(copying: [])
        XCTAssertEqual(empty.capacity, 1)
        XCTAssertEqual(Array(empty.bytes(0..<0)), [])
    }

    func testASearchLooksInItsRangeOnly() {
        let whole = chunk("\na\nbc\n")
        XCTAssertEqual(whole.firstIndex(of: 0x0A, in: 0..<6), 0)
        XCTAssertEqual(whole.firstIndex(of: 0x0A, in: 1..<6), 2)
        XCTAssertEqual(whole.firstIndex(of: 0x0A, in: 3..<5), nil) // the LF at 5 is past the range
        XCTAssertEqual(whole.firstIndex(of: 0x0A, in: 3..<3), nil)
        XCTAssertEqual(whole.firstIndex(of: UInt8(ascii: "c"), in: 0..<6), 4)
        XCTAssertEqual(whole[4], UInt8(ascii: "c"))
    }

    func testMovesCopiesAndWritesKeepTheBytes() {
        let whole = chunk("0123456789")
        whole.moveToStart(6..<10)
        XCTAssertEqual(String(decoding: whole.bytes(0..<10), as: UTF8.self), "6789456789")
        whole.moveToStart(0..<3) // already at the start: nothing moves
        XCTAssertEqual(String(decoding: whole.bytes(0..<4), as: UTF8.self), "6789")
        let larger = InputChunk(capacity: 32, copying: whole.bytes(2..<5))
        XCTAssertEqual(larger.capacity, 32)
        XCTAssertEqual(String(decoding: larger.bytes(0..<3), as: UTF8.self), "894")
        larger.write(Array("xyz".utf8)[1...], at: 3)
        XCTAssertEqual(String(decoding: larger.bytes(0..<5), as: UTF8.self), "894yz")
    }

    /// A document parsed from chunk bytes is the document of those bytes alone, and keeps
    /// the chunk.
    func testAParseOfChunkBytesReadsTheirRangeAndKeepsTheChunk() throws {
        var whole: InputChunk? = chunk("[1,{\"k\": \"v\"}]xyz")
        weak let watched = whole
        let parsed = try JSONDocument.parse(XCTUnwrap(whole).bytes(3..<13), firstLine: 4).get()
        whole = nil
        XCTAssertNotNil(watched)
        XCTAssertEqual(parsed.root["k"]?.string, "v")
        XCTAssertEqual(parsed.byteCount, 10)
        guard case .failure(let issue) = JSONDocument.parse(chunk("{\"k\": }").bytes(0..<7), firstLine: 4) else {
            return XCTFail("a syntax error parsed")
        }
        XCTAssertEqual(issue.position.line, 4)
    }
}
