import XCTest
@testable import InboxModel
@testable import InboxCore

/// The sixteen-bytes-at-a-time proof behind `URLFirstLook` may send a URL iOS takes as
/// written on to the byte-by-byte look, but must never call plain a URL iOS changes or
/// rejects.
final class URLBytesTests: JSONTestCase {
    private func assertSound(_ url: String, file: StaticString = #filePath, line: UInt = #line) {
        var copy = url
        guard copy.withUTF8({ URLBytes.isPlainAndFlat($0) && URLFirstLook.isAsWritten($0) }) else { return }
        XCTAssertEqual(URLRepair.read(Array(url.utf8)), .asWritten, url.debugDescription, file: file, line: line)
    }

    func testEveryByteAtEveryPosition() {
        let clean = Array("https://cdn.example.com:8080/spring/sale/a_b.png?x=1&y=2".utf8)
        for byte in UInt8(0) ... 0xFF {
            for position in 0 ... clean.count {
                var changed = clean
                changed.insert(byte, at: position)
                assertSound(String(decoding: changed, as: UTF8.self))
            }
        }
    }

    /// Exactly the bytes the documentation lists are flagged, wherever they stand in a
    /// URL of 16 to 40 bytes (the vector test's blocks, their overlap and the last block).
    func testFlagsExactlyTheListedBytes() {
        let listed = Set(Array("!\"<>\\^`{|}~%[]@#".utf8) + [0x20, 0x7F] + Array(0 ..< 0x20) + Array(0x80 ... 0xFF))
        let clean = Array("https://cdn.example.com/a/b_c.png?x=1".utf8)
        for length in 16 ... clean.count {
            for byte in UInt8(0) ... 0xFF {
                for position in 0 ..< length {
                    var bytes = Array(clean.prefix(length))
                    bytes[position] = byte
                    let plain = bytes.withUnsafeBufferPointer { URLBytes.isPlainAndFlat($0) }
                    XCTAssertEqual(plain, !listed.contains(byte), "byte \(byte) at \(position) of \(length)")
                }
            }
        }
    }

    func testPlainURLsOfEveryLengthPass() {
        let long = "https://cdn.example.com/" + String(repeating: "abc/", count: 20)
        for length in 16 ... long.utf8.count {
            var prefix = String(long.utf8.prefix(length))!
            XCTAssertTrue(prefix.withUTF8 { URLBytes.isPlainAndFlat($0) }, prefix)
        }
        var short = "https://a.io/x"
        XCTAssertFalse(short.withUTF8 { URLBytes.isPlainAndFlat($0) }, "below sixteen bytes the byte-by-byte look decides")
        XCTAssertTrue(short.withUTF8 { URLFirstLook.isAsWritten($0) })
    }

    /// The scan from a position tells a `:` exactly where it is after that position, in
    /// every block, the overlapping last one included, and never one before it.
    func testScanTellsAColonAfterItsStart() {
        let clean = Array("https://cdn.example.com/a/b_c.png?x=1&y=22".utf8)
        for length in 16 ... clean.count {
            for start in 0 ... length - 16 {
                for position in -1 ..< length {
                    var bytes = Array(clean.prefix(length))
                    if position >= 0 { bytes[position] = UInt8(ascii: ":") }
                    let colonAfter = bytes[start...].contains(UInt8(ascii: ":"))
                    let scan = bytes.withUnsafeBufferPointer { URLBytes.scan($0, from: start) }
                    XCTAssertEqual(scan, colonAfter ? .plainWithColon : .plain, "colon at \(position), from \(start) of \(length)")
                }
            }
        }
        var short = Array("https://a.io/x/y/z".utf8)
        XCTAssertEqual(short.withUnsafeBufferPointer { URLBytes.scan($0, from: 8) }, .notPlain, "fewer than sixteen bytes after the start")
        short[10] = UInt8(ascii: "@")
        XCTAssertEqual(short.withUnsafeBufferPointer { URLBytes.scan($0, from: 0) }, .notPlain)
    }

    /// Ports, colons in paths and queries, and short URLs: the look's head for `https://`
    /// and `http://` answers as the byte-by-byte proof does.
    func testWebHeadAnswersAsTheWalk() {
        let hosts = ["cdn.example.com", "cdn.example.com:8080", "cdn.example.com:80x", "cdn.example.com:", "a.io", "h:1:2"]
        let paths = ["", "/", "/a/b.png", "/a:b/c.png", "/img.png?x=1:2", "?q=a:b", "/spring/sale/banner-large.png", "/a b"]
        for scheme in ["https://", "http://"] {
            for host in hosts {
                for path in paths {
                    var url = scheme + host + path
                    let answer = url.withUTF8 { URLFirstLook.isAsWritten($0) }
                    let look = url.withUTF8 { URLFirstLook.look($0) }
                    XCTAssertEqual(look.proof == .asWritten, answer, url)
                    if answer { XCTAssertEqual(URLRepair.read(Array(url.utf8)), .asWritten, url) }
                    // A port (after the host's first `:`) must be digits; a space needs a repair.
                    let port = host.firstIndex(of: ":").map { host[host.index(after: $0)...] }
                    let expected = !url.contains(" ") && (port?.allSatisfy(\.isNumber) ?? true)
                    XCTAssertEqual(answer, expected, url)
                }
            }
        }
    }

    func testEscapedStringsAreReadDecoded() throws {
        let document = kept(try JSONDocument.parse(Array(#"["https://cdn.example.com\/a.png", "https://cdn.example.com/a b.png"]"#.utf8)).get())
        XCTAssertTrue(try XCTUnwrap(document.root[0]).isTakenAsWritten)
        XCTAssertFalse(try XCTUnwrap(document.root[1]).isTakenAsWritten)
    }
}
