import XCTest
@testable import InboxModel
@testable import InboxCore

/// The writers' span pieces (what the renderers write through) write what the reference
/// and the pointer pieces do, stay within the room they are given, and grow a buffer as
/// far as it needs.
final class ByteWriterSpanTests: XCTestCase {
    /// `bytes` written into a buffer of exactly `room` reserved bytes, after `prefix`.
    private func written(room: Int, after prefix: [UInt8] = [], _ body: (inout ByteWriter) -> Void) -> [UInt8] {
        var buffer = ByteBuffer()
        buffer.append(prefix)
        buffer.write(reserving: room) { out in
            body(&out)
            XCTAssertLessThanOrEqual(out.offset, prefix.count + room)
        }
        return buffer.withSpan { span in span.indices.map { span[$0] } }
    }

    /// Escaped, escaped inline and quoted spans are the reference's bytes for texts of every
    /// length with every kind of byte (plain, `"`, `\\`, controls, 0x80 and above), each in
    /// exactly the room it asks for.
    func testEscapedSpansAreTheReferencesBytes() {
        var generator = SeededGenerator(state: 19_0001)
        for text in ByteWriterTests.texts(&generator) {
            let escaped = ByteWriterTests.referenceEscaped(text)
            text.withSpan { span in
                XCTAssertEqual(written(room: ByteWriter.escapedRoom(span.count)) { $0.appendEscaped(span) }, escaped,
                               "\(text)")
                XCTAssertEqual(written(room: ByteWriter.quotedRoom(span.count), after: [0x2C]) { $0.appendQuoted(span) },
                               [0x2C, 0x22] + escaped + [0x22], "\(text)")
                XCTAssertEqual(written(room: ByteWriter.escapedRoom(span.count)) { out in
                    out.checkRoom(ByteWriter.escapedRoom(span.count))
                    out.appendEscapedInline(roomChecked: span)
                }, escaped, "\(text)")
                XCTAssertEqual(ByteWriter.needsEscape(span), escaped != text, "\(text)")
            }
        }
    }

    /// A piece then the escaped end of a text (a finding's source line, then its pointer):
    /// the piece's bytes and the reference's escape of the end, whether the end is short
    /// and plain (stored from the text before it), short with an escape, or long; the text
    /// before the end holds bytes to escape too, which must not show.
    func testPieceThenEscapedEndIsBothInTurn() {
        var generator = SeededGenerator(state: 19_0002)
        let texts = ByteWriterTests.texts(&generator)
        for index in stride(from: 0, to: texts.count, by: 3) {
            let end = texts[index]
            let before = texts[(index * 7 + 11) % texts.count]
            let piece = (0 ..< (32 + index % 40)).map { UInt8(0x41 + $0 % 26) }
            let text = before + end
            let expected = piece + ByteWriterTests.referenceEscaped(end)
            text.withSpan { text in
                piece.withSpan { piece in
                    XCTAssertEqual(written(room: piece.count + ByteWriter.escapedRoom(end.count), after: [0x2C]) { out in
                        out.append(roomChecked: piece, thenEscaped: text, from: before.count)
                    }, [0x2C] + expected, "\(before) \(end)")
                }
            }
        }
    }

    /// A padded piece keeps `count` of the `stored` bytes it stores, from any offset, and
    /// the next piece goes over the rest.
    func testPaddedPieceKeepsItsCount() {
        let source = (0 ..< 200).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
        source.withSpan { span in
            for offset in [0, 1, 17, 120] {
                for count in [0, 1, 15, 16, 47, 80] {
                    let bytes = written(room: 80 + 1) { out in
                        out.append(roomChecked: span, from: offset, count: count, storing: 80)
                        out.append(0x2E)
                    }
                    XCTAssertEqual(bytes, Array(source[offset ..< offset + count]) + [0x2E], "\(offset) \(count)")
                }
            }
        }
    }

    /// A word's low bytes, for every count from none to eight, and the same word read back
    /// from what was written (with zeros above the bytes kept).
    func testWordsAreTheirLowBytesAndReadBack() {
        let word: UInt64 = 0x0807_0605_0403_0201
        for count in 0 ... 8 {
            var readBack: UInt64 = 0
            let bytes = written(room: 8 + 1, after: [0x2C]) { out in
                out.append(roomChecked: word, count: count)
                readBack = out.word(written: 1, count: count)
                out.append(0x2E)
            }
            XCTAssertEqual(bytes, [0x2C] + (0 ..< count).map { UInt8($0 + 1) } + [0x2E], "\(count)")
            XCTAssertEqual(readBack, count == 8 ? word : word & (UInt64(1) << (8 * UInt64(count)) - 1), "\(count)")
        }
        let text: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
        text.withSpan { span in
            XCTAssertEqual(span.word(at: 0), 0x0807_0605_0403_0201)
            XCTAssertEqual(span.word(at: 1), 0x0908_0706_0504_0302)
        }
    }

    /// The room left is what was reserved less what was written, whatever came before.
    func testRoomLeftCountsDownTheReservation() {
        _ = written(room: 24, after: Array("before".utf8)) { out in
            XCTAssertEqual(out.roomLeft, 24)
            out.append(roomChecked: 0x4142, count: 2)
            XCTAssertEqual(out.roomLeft, 22)
            Array("0123456789".utf8).withSpan { out.append($0) }
            XCTAssertEqual(out.roomLeft, 12)
        }
    }

    /// Bytes written before are lent back as they are, the empty range too.
    func testWrittenBytesAreLentBack() {
        _ = written(room: 16, after: Array("abcdef".utf8)) { out in
            out.append(0x67)
            out.withWritten(2 ..< 7) { span in XCTAssertEqual(span.indices.map { span[$0] }, Array("cdefg".utf8)) }
            out.withWritten(7 ..< 7) { XCTAssertTrue($0.isEmpty) }
        }
    }

    /// Repeated bytes and one-line spans grow a buffer from nothing, across many
    /// reallocations, and keep what was written before.
    func testRepeatedAndOneLineBytesGrowTheBuffer() {
        var buffer = ByteBuffer()
        var expected: [UInt8] = []
        for count in 0 ..< 300 {
            buffer.append(repeating: UInt8(truncatingIfNeeded: count), count: count % 70)
            expected += repeatElement(UInt8(truncatingIfNeeded: count), count: count % 70)
        }
        let line = Array("a\nb\r\nc".utf8)
        line.withSpan { buffer.append(oneLine: $0) }
        expected += Array("a b  c".utf8)
        XCTAssertEqual(buffer.withSpan { span in span.indices.map { span[$0] } }, expected)
    }

    /// A buffer kept in an object lends its bytes in place, unchanged, and stays its own:
    /// written after, it still holds what it held.
    func testBufferInAnObjectLendsItsBytesInPlace() {
        final class Holder { var bytes = ByteBuffer() }
        let holder = Holder()
        holder.bytes.append(contentsOf: "kept line")
        let lent = holder.bytes.withSpanInPlace { span in span.indices.map { span[$0] } }
        XCTAssertEqual(lent, Array("kept line".utf8))
        holder.bytes.append(0x21)
        XCTAssertEqual(holder.bytes.withSpanInPlace { $0.count }, 10)
        var empty = ByteBuffer()
        XCTAssertTrue(empty.withSpanInPlace { $0.isEmpty })
    }

    /// XML escaping, byte by byte: the five entities, tab, LF and CR kept, every other
    /// control and U+FFFE / U+FFFF replaced by U+FFFD, everything else (other UTF-8,
    /// `EF BF BD` itself) as it is; in texts long enough to take the eight-byte skips and
    /// to grow the buffer many times.
    func testXMLEscapingReplacesExactlyWhatXMLForbids() {
        func reference(_ text: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            var index = 0
            while index < text.count {
                let byte = text[index]
                if byte == 0xEF, index + 2 < text.count, text[index + 1] == 0xBF, text[index + 2] >= 0xBE {
                    out += [0xEF, 0xBF, 0xBD]
                    index += 3
                    continue
                }
                switch byte {
                case 0x26: out += Array("&amp;".utf8)
                case 0x3C: out += Array("&lt;".utf8)
                case 0x3E: out += Array("&gt;".utf8)
                case 0x22: out += Array("&quot;".utf8)
                case 0x27: out += Array("&apos;".utf8)
                case 0x09, 0x0A, 0x0D: out.append(byte)
                case 0x00 ..< 0x20: out += [0xEF, 0xBF, 0xBD]
                default: out.append(byte)
                }
                index += 1
            }
            return out
        }
        var generator = SeededGenerator(state: 19_0003)
        var texts: [[UInt8]] = [(0 ... 255).map { UInt8($0) }, [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xEF, 0xBF, 0xBD],
                                [0xEF, 0xBF], [0xEF], Array("plain text of more than eight bytes".utf8), []]
        let pieces: [[UInt8]] = [[0x26], [0x3C], [0x3E], [0x22], [0x27], [0x09], [0x0A], [0x0D], [0x00], [0x1F],
                                 [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xEF, 0xBB, 0xBF], [0xC3, 0xA9], Array("abcdefgh".utf8)]
        for length in 0 ..< 200 {
            var text: [UInt8] = []
            for _ in 0 ..< length { text += pieces[Int.random(in: 0 ..< pieces.count, using: &generator)] }
            texts.append(text)
        }
        for text in texts {
            var buffer = ByteBuffer()
            text.withSpan { buffer.appendXMLEscaped($0) }
            XCTAssertEqual(buffer.withSpan { span in span.indices.map { span[$0] } }, reference(text), "\(text)")
        }
    }

    /// The span forms of the ASCII measures give what the pointer forms give.
    func testASCIITextSpansAreThePointerForms() {
        for text in ["one two three four five six", "tab\there", "line\nfeed", "  two", "é", "", "averyveryverylongword x"] {
            let bytes = Array(text.utf8)
            bytes.withSpan { span in
                bytes.withUnsafeBufferPointer { buffer in
                    XCTAssertEqual(ASCIIText.isPrintable(span, allowingNewlines: true),
                                   ASCIIText.isPrintable(buffer, allowingNewlines: true), text)
                    XCTAssertEqual(ASCIIText.isSingleSpaced(span), ASCIIText.isSingleSpaced(buffer), text)
                    guard ASCIIText.isSingleSpaced(buffer) else { return }
                    var fromSpan: [[UInt8]] = []
                    var fromBuffer: [[UInt8]] = []
                    ASCIIText.singleSpacedLines(of: span, width: 8) { line in fromSpan.append(line.indices.map { line[$0] }) }
                    ASCIIText.singleSpacedLines(of: buffer, width: 8) { fromBuffer.append(Array($0)) }
                    XCTAssertEqual(fromSpan, fromBuffer, text)
                }
            }
        }
    }
}
