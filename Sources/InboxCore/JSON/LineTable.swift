/// Turns byte offsets into line and column numbers, but only when someone asks: most values never
/// need a position, so parsing just records where lines start (newlines can only occur in whitespace,
/// because raw control characters are not allowed in strings).
///
/// A final class, immutable: a document's resolver holds one only when the document needs it
/// (see `PositionResolver.lines`), as one reference rather than two arrays inline.
final class LineTable: Sendable {
    /// Bytes between column checkpoints; minified single-line files can be megabytes long, and counting
    /// a column from the start of such a line for every diagnostic would be quadratic.
    static let blockSize = 4096

    /// Offsets at which lines 2, 3, ... start (line 1 starts at 0).
    let starts: [Int32]
    /// Where columns of the first line start counting (3 after a UTF-8 byte order mark, else 0).
    let contentStart: Int
    /// `checkpoints[k]` = continuation bytes in `0 ..< k * blockSize`; empty when every line is short.
    let checkpoints: [Int32]
    /// The input is pure ASCII, so a column is a byte distance: findings need a column
    /// each, and counting characters before it cost more than finding the line.
    let isASCII: Bool

    /// `isASCII`: known from a complete parse (which saw every byte), or nil to scan `bytes`.
    package init(starts: [Int32], contentStart: Int, bytes: UnsafeBufferPointer<UInt8>, allowCheckpoints: Bool, isASCII: Bool? = nil) {
        self.starts = starts
        self.contentStart = contentStart
        var needed = false
        if allowCheckpoints {
            var previous = 0
            for start in starts {
                if Int(start) - previous > 2 * Self.blockSize { needed = true; break }
                previous = Int(start)
            }
            if bytes.count - previous > 2 * Self.blockSize { needed = true }
        }
        var table: [Int32] = []
        if needed {
            table.reserveCapacity(bytes.count / Self.blockSize + 1)
            var total = 0
            var blockStart = 0
            table.append(0)
            while blockStart + Self.blockSize <= bytes.count {
                total += UTF8Validation.continuationCount(bytes, from: blockStart, to: blockStart + Self.blockSize)
                blockStart += Self.blockSize
                table.append(Int32(truncatingIfNeeded: total))
            }
        }
        checkpoints = table
        self.isASCII = isASCII ?? UTF8Validation.isASCII(bytes)
    }

    func position(ofOffset rawOffset: Int, in bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, baseOffset: Int) -> SourcePosition {
        let offset = min(max(rawOffset, 0), bytes.count)
        var low = 0  // becomes the number of later line starts at or before `offset`
        var high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if Int(starts[mid]) <= offset { low = mid + 1 } else { high = mid }
        }
        let lineStart = low == 0 ? min(contentStart, offset) : Int(starts[low - 1])
        let column = 1 + scalarCount(from: lineStart, to: offset, in: bytes)
        return SourcePosition(offset: baseOffset + offset, line: firstLine + low, column: column)
    }

    private func scalarCount(from: Int, to: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if isASCII { return to - from }
        guard to - from > 2 * Self.blockSize, !checkpoints.isEmpty else {
            return (to - from) - UTF8Validation.continuationCount(bytes, from: from, to: to)
        }
        return (to - from) - (continuationsBefore(to, bytes) - continuationsBefore(from, bytes))
    }

    private func continuationsBefore(_ offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let block = min(offset / Self.blockSize, checkpoints.count - 1)
        let blockStart = block * Self.blockSize
        return Int(checkpoints[block]) + UTF8Validation.continuationCount(bytes, from: blockStart, to: offset)
    }
}
