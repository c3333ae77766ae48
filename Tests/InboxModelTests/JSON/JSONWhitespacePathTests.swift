import Foundation
import XCTest
@testable import InboxModel
@testable import InboxCore

/// The scanner tests the byte it expects next (a key's quote, the ':', a value, ',' or a
/// closer) and looks for whitespace only when that byte is not there. Compact documents take
/// the first way, spaced ones the second: the same documents written both ways must give
/// the same tapes, warnings and failures.
final class JSONWhitespacePathTests: JSONTestCase {
    /// Whitespace put around every structural byte of a spaced copy.
    private static let spacings: [[UInt8]] = [Array(" ".utf8), Array("\n".utf8), Array(" \t\r\n  ".utf8)]

    func testSpacedDocumentsGiveTheTapesOfCompactOnes() throws {
        var compared = 0
        for compact in try Self.documents() {
            for spacing in Self.spacings {
                let spaced = Self.spaced(compact, with: spacing)
                switch (JSONDocument.parse(compact), JSONDocument.parse(spaced)) {
                case let (.success(left), .success(right)):
                    kept(left)
                    kept(right)
                    XCTAssertEqual(Self.summary(left), Self.summary(right), String(decoding: compact, as: UTF8.self))
                    XCTAssertEqual(left.warnings.map { "\($0.code) \($0.pointer) \($0.message)" },
                                   right.warnings.map { "\($0.code) \($0.pointer) \($0.message)" })
                case let (.failure(left), .failure(right)):
                    XCTAssertEqual(left.kind, right.kind)
                    XCTAssertEqual(left.pointer, right.pointer)
                case let (left, right):
                    XCTFail("compact \(left) but spaced \(right): \(String(decoding: compact, as: UTF8.self))")
                }
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }

    /// Cut after each structural byte, compact and spaced documents fail alike (same kind,
    /// pointer and message): every "expected a key / ':' / a value / ',' or a closer" is
    /// reached both from the inline test and from the whitespace path.
    func testCutDocumentsFailAlikeWithAndWithoutWhitespace() throws {
        var compared = 0
        for compact in try Self.documents().prefix(60) where compact.count < 2000 {
            for cut in Self.structuralOffsets(compact) {
                let head = Array(compact[...cut])
                let spaced = Self.spaced(head, with: Array(" ".utf8))
                guard case let .failure(left) = JSONDocument.parse(head) else { continue }
                guard case let .failure(right) = JSONDocument.parse(spaced) else {
                    XCTFail("spaced cut parses: \(String(decoding: spaced, as: UTF8.self))")
                    continue
                }
                XCTAssertEqual(left.kind, right.kind, String(decoding: head, as: UTF8.self))
                XCTAssertEqual(left.pointer, right.pointer, String(decoding: head, as: UTF8.self))
                XCTAssertEqual(left.message, right.message, String(decoding: head, as: UTF8.self))
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 1000)
    }

    func testMistakesAfterWhitespaceAreFoundWhereTheyAre() {
        let cases: [(text: String, offset: Int)] = [
            (#"{ "a" 1}"#, 6), (#"{"a"  , 1}"#, 6), (#"{ , }"#, 2), (#"{"a": 1,  }"#, 10), (#"{"a": 1  "b": 2}"#, 7),
            (#"[1 , ]"#, 5), (#"[1  2]"#, 2), ("{\n\"a\"\n:\n}", 8), (#"{"a":1}  x"#, 9),
        ]
        for (text, offset) in cases {
            let issue = jtIssue(text)
            XCTAssertEqual(issue?.position.offset, offset, text)
        }
    }

    // MARK: - Helpers

    /// Every document of Examples/ (NDJSON files line by line), compact: whitespace outside
    /// strings removed.
    private static func documents() throws -> [[UInt8]] {
        let root = examplesDirectory
        guard let paths = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var documents: [[UInt8]] = []
        for case let path as String in paths where path.hasSuffix(".json") || path.hasSuffix(".ndjson") {
            let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
            let pieces = path.hasSuffix(".ndjson") ? bytes.split(separator: 0x0A).map(Array.init) : [bytes]
            documents += pieces.map(compacted).filter { !$0.isEmpty }
        }
        return documents
    }

    /// `bytes` without whitespace outside strings.
    private static func compacted(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
            } else if byte == 0x22 {
                inString = true
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                continue
            }
            out.append(byte)
        }
        return out
    }

    /// Offsets of the structural bytes (`{ } [ ] : ,`) outside strings.
    private static func structuralOffsets(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var inString = false
        var escaped = false
        for (offset, byte) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
            } else if byte == 0x22 {
                inString = true
            } else if [0x7B, 0x7D, 0x5B, 0x5D, 0x3A, 0x2C].contains(byte) {
                offsets.append(offset)
            }
        }
        return offsets
    }

    /// `bytes` with `spacing` before the document and around every structural byte.
    private static func spaced(_ bytes: [UInt8], with spacing: [UInt8]) -> [UInt8] {
        let structural = Set(structuralOffsets(bytes))
        var out = spacing
        for (offset, byte) in bytes.enumerated() {
            if structural.contains(offset) {
                out += spacing
                out.append(byte)
                out += spacing
            } else {
                out.append(byte)
            }
        }
        return out
    }

    /// The tape without offsets: kind, parent, slot, count, subtree end, flags and the
    /// decoded text of every node.
    private static func summary(_ document: JSONDocument) -> [String] {
        (0 ..< document.nodes.count).map { index in
            let node = document.nodes[index]
            let text: String
            switch node.kind {
            case .string: text = Tape.string(node, document.input)
            case .number, .bool, .null:
                text = String(decoding: UnsafeBufferPointer(rebasing: document.input[Int(node.start) ..< Int(node.end)]), as: UTF8.self)
            default: text = ""
            }
            return "\(node.kind) \(node.parent) \(node.slot) \(node.count) \(node.link) \(node.flags) \(text)"
        }
    }
}
