import XCTest
@testable import InboxCore

/// Bytes copied as spans and collections (what the command line's output uses instead of
/// pointers) arrive whole and in order.
final class ByteSpanTests: XCTestCase {
    func testSpansAppendToABufferAndComeBackOut() {
        var buffer = ByteBuffer()
        let piece = (0..<300).map { UInt8(truncatingIfNeeded: $0) }
        buffer.append(piece.span)
        buffer.append(piece.span.extracting(10..<20))
        buffer.append([UInt8]().span)
        XCTAssertEqual(buffer.count, 310)
        let copied = buffer.withSpan { span -> [UInt8] in
            var out: [UInt8] = []
            out.append(contentsOf: span)
            return out
        }
        XCTAssertEqual(copied, piece + piece[10..<20])
    }

    func testAnyCollectionOfBytesIsSeenAsOneSpan() {
        let array: [UInt8] = [1, 2, 3, 4]
        XCTAssertEqual(array.withByteSpan { $0.count }, 4)
        XCTAssertEqual(array[1...].withByteSpan { [$0[0], $0[2]] }, [2, 4])
        // Not contiguous: copied first, same bytes.
        let mapped = array.lazy.map { $0 * 2 }
        XCTAssertEqual(mapped.withByteSpan { span in (0..<span.count).map { span[$0] } }, [2, 4, 6, 8])
        XCTAssertEqual(EmptyCollection<UInt8>().withByteSpan { $0.count }, 0)
    }
}
