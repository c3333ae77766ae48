import XCTest
@testable import InboxCore
@testable import InboxModel

/// `URLAuthorityScan` reads sixteen bytes at a time: it must answer as a byte-by-byte scan
/// wherever the authority ends (inside a block, on its edge, in the tail, nowhere).
final class URLAuthorityScanTests: XCTestCase {
    private func reference(_ bytes: [UInt8], from: Int) -> (end: Int, colon: Int?) {
        var index = from
        var colon: Int?
        while index < bytes.count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?") {
            if bytes[index] == UInt8(ascii: ":"), colon == nil { colon = index }
            index += 1
        }
        return (index, colon)
    }

    func testAgreesWithAByteByByteScan() {
        var generator = SeededGenerator(state: 16)
        let alphabet = Array("abc.-:/?9".utf8) + Array(repeating: UInt8(ascii: "x"), count: 12)
        var ends = Set<Int>()
        for _ in 0 ..< 20_000 {
            let count = Int.random(in: 0 ... 70, using: &generator)
            let bytes = (0 ..< count).map { _ in alphabet[Int.random(in: 0 ..< alphabet.count, using: &generator)] }
            let from = count == 0 ? 0 : Int.random(in: 0 ... count, using: &generator)
            let answer = bytes.withUnsafeBufferPointer { URLAuthorityScan.end(of: $0, from: from) }
            let expected = reference(bytes, from: from)
            XCTAssertEqual(answer.end, expected.end, "\(String(decoding: bytes, as: UTF8.self)) from \(from)")
            XCTAssertEqual(answer.colon, expected.colon, "\(String(decoding: bytes, as: UTF8.self)) from \(from)")
            ends.insert(answer.end - from)
        }
        // Ends in the first block, on its edge, and in later blocks were all met.
        XCTAssertTrue([0, 15, 16, 17, 31, 32].allSatisfy(ends.contains), "\(ends.sorted())")
    }

    func testUsualURLs() {
        func scan(_ text: String, from: Int) -> (Int, Int?) {
            let answer = Array(text.utf8).withUnsafeBufferPointer { URLAuthorityScan.end(of: $0, from: from) }
            return (answer.end, answer.colon)
        }
        XCTAssertTrue(scan("https://cdn.example.com/a.jpg", from: 8) == (23, nil))
        XCTAssertTrue(scan("https://shop.example.com:8443/a?b=c:d", from: 8) == (29, 24))
        XCTAssertTrue(scan("https://a-very-long-host-name.example.com?q=1", from: 8) == (41, nil))
        XCTAssertTrue(scan("http://x", from: 7) == (8, nil))
    }
}
