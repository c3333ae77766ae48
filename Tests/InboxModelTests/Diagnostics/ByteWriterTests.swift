import XCTest
@testable import InboxModel
@testable import InboxCore

/// The writer's fast paths (32 and 16 bytes at a time, the chunks that end at a text's
/// end, byte compares on x86-64, a short text stored as one chunk, decimals from a table of
/// pairs) must write what the general JSON writer (`JSONText`) and `String` do.
final class ByteWriterTests: XCTestCase {
    /// Random texts of every length up to 140, of bytes that need no escape, bytes that do
    /// (`"`, `\\`, controls) and bytes of 0x80 and above, in runs of each.
    static func texts(_ generator: inout SeededGenerator) -> [[UInt8]] {
        let clean: [UInt8] = Array("abcdefgh ijkl/0123456789".utf8) + [0x7F, 0xC3, 0xA9, 0xFF, 0x80]
        let escaped: [UInt8] = [0x22, 0x5C, 0x00, 0x01, 0x0A, 0x1F, 0x09]
        var texts: [[UInt8]] = []
        for length in 0 ... 140 {
            for density in [0, 1, 8, 40] {
                texts.append((0 ..< length).map { _ in
                    Int.random(in: 0 ..< 100, using: &generator) < density
                        ? escaped[Int.random(in: 0 ..< escaped.count, using: &generator)]
                        : clean[Int.random(in: 0 ..< clean.count, using: &generator)]
                })
            }
        }
        return texts
    }

    /// RFC 8259's escapes, a byte at a time: what every writer's output is checked against.
    static func referenceEscaped(_ text: [UInt8], escapingSlashes: Bool = false) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in text {
            switch byte {
            case 0x22, 0x5C: out += [0x5C, byte]
            case 0x2F where escapingSlashes: out += [0x5C, byte]
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case 0x00 ..< 0x20: out += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: out.append(byte)
            }
        }
        return out
    }

    /// The writers that are not `ByteWriter` (`JSONText` into arrays, with and without
    /// slashes escaped; `ByteBuffer`, which grows) write what the reference does.
    func testEveryWriterQuotesAsTheReference() {
        var generator = SeededGenerator(state: 10_1131)
        for text in Self.texts(&generator) {
            let quoted = [0x22] + Self.referenceEscaped(text) + [0x22]
            var array: [UInt8] = []
            JSONText.appendQuoted(text, to: &array, escapingSlashes: false)
            XCTAssertEqual(array, quoted, "\(text)")
            var slashes: [UInt8] = []
            JSONText.appendQuoted(text, to: &slashes, escapingSlashes: true)
            XCTAssertEqual(slashes, [0x22] + Self.referenceEscaped(text, escapingSlashes: true) + [0x22], "\(text)")
            var buffer = ByteBuffer(capacity: 4)
            buffer.append(0x2C)
            text.withUnsafeBufferPointer { buffer.appendQuoted($0) }
            XCTAssertEqual(buffer.withBytes { Array($0) }, [0x2C] + quoted, "\(text)")
        }
    }

    /// A text written on one line has a space for each line feed and carriage return
    /// (concise output: a line break would start what a matcher reads as another finding).
    func testOneLineTextsHaveSpacesForLineBreaks() {
        for (text, expected) in [("a\nb", "a b"), ("\r\nx\n", "  x "), ("plain", "plain"), ("", "")] {
            var buffer = ByteBuffer()
            Array(text.utf8).withUnsafeBufferPointer { buffer.append(oneLine: $0) }
            XCTAssertEqual(buffer.withBytes { String(decoding: $0, as: UTF8.self) }, expected)
        }
    }

    /// Each text written at the end of other bytes (its room exactly `escapedRoom`, in
    /// memory of its own), against the reference.
    func testEscapedTextsAreTheGeneralWritersBytes() {
        var generator = SeededGenerator(state: 10_1130)
        for text in Self.texts(&generator) {
            let expected = [0x22] + Self.referenceEscaped(text) + [0x22]
            let room = ByteWriter.escapedRoom(text.count)
            let target = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
            defer { target.deallocate() }
            // The text is copied into memory of its own size, so reading past it shows (ASan).
            let source = UnsafeMutablePointer<UInt8>.allocate(capacity: max(text.count, 1))
            defer { source.deallocate() }
            source.initialize(from: text, count: text.count)
            let end = ByteWriter.writeEscaped(UnsafeBufferPointer(start: source, count: text.count), at: target)
            XCTAssertEqual(Array(UnsafeBufferPointer(start: target, count: end - target)), Array(expected.dropFirst().dropLast()),
                           "\(text)")
        }
    }

    /// `escapeBits` (byte compares on x86-64) and its word arithmetic mark the same bytes,
    /// and exactly those a JSON string escapes.
    func testEscapeBitsAreExactOnEveryPlatform() {
        var generator = SeededGenerator(state: 10_1131)
        var chunks: [[UInt8]] = (0 ..< 16).map { index in (0 ..< 16).map { UInt8(truncatingIfNeeded: index * 16 + $0) } }
        for _ in 0 ..< 4000 {
            chunks.append((0 ..< 16).map { _ in
                Int.random(in: 0 ..< 4, using: &generator) == 0 ? [0x22, 0x5C, 0x1F, 0x20, 0x21, 0x5B, 0x5D, 0xA2, 0xDC][Int.random(in: 0 ..< 9, using: &generator)]
                    : UInt8.random(in: 0 ... 255, using: &generator)
            })
        }
        for chunk in chunks {
            let words = chunk.withUnsafeBytes { $0.loadUnaligned(as: SIMD2<UInt64>.self) }
            var expected: UInt32 = 0
            for (index, byte) in chunk.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                expected |= 1 << index
            }
            XCTAssertEqual(ByteWriter.escapeBits(words), expected, "\(chunk)")
            XCTAssertEqual(ByteWriter.escapeBitsInWords(words), expected, "\(chunk)")
        }
    }

    /// A short text stored as the chunks that end at its end: written when plain (with the
    /// bytes before it stored over), refused when one of its own bytes needs an escape,
    /// whatever the bytes before it.
    func testShortTextsAreChunksWhenPlain() {
        var generator = SeededGenerator(state: 10_1132)
        for text in Self.texts(&generator) where text.count >= 1 && text.count <= 32 {
            let before: [UInt8] = (0 ..< 32).map { _ in [0x22, 0x61, 0x0A][Int.random(in: 0 ... 2, using: &generator)] }
            let memory = before + text
            let target = UnsafeMutablePointer<UInt8>.allocate(capacity: 80)
            defer { target.deallocate() }
            target.initialize(repeating: 0, count: 80)
            memory.withUnsafeBufferPointer { memory in
                let bytes = UnsafeBufferPointer(rebasing: memory[32...])
                let end = ByteWriter.writeShortIfPlain(bytes, at: target + 32)
                let plain = !text.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
                XCTAssertEqual(end != nil, plain, "\(text)")
                if let end {
                    XCTAssertEqual(end, target + 32 + text.count)
                    XCTAssertEqual(Array(UnsafeBufferPointer(start: target + 32, count: text.count)), text)
                }
            }
        }
    }

    /// Decimals as `String` writes them, around each number of digits.
    func testDecimalsAreStringsDigits() {
        var values: [Int] = [0, Int.max, Int.min, Int.min + 1]
        var power = 1
        for _ in 0 ..< 18 {
            values += [power - 1, power, power + 1, -power, 7 * power + 3]
            power *= 10
        }
        let target = UnsafeMutablePointer<UInt8>.allocate(capacity: ByteWriter.decimalRoom)
        defer { target.deallocate() }
        for value in values {
            let end = ByteWriter.writeDecimal(value, at: target)
            XCTAssertEqual(String(decoding: UnsafeBufferPointer(start: target, count: end - target), as: UTF8.self),
                           String(value))
        }
    }
}
