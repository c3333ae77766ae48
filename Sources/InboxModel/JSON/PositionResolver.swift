/// Resolves a document's byte offsets to positions in the outermost source: directly through the line
/// table for a top-level document, or through the enclosing string's `OffsetMap` for a nested one.
struct PositionResolver: @unchecked Sendable {
    enum Source {
        /// `firstColumn`: column of `bytes[0]` on its line (1 unless the input starts mid-line,
        /// as an element of a streamed batch does).
        case outermost(lines: LineTable, bytes: [UInt8], firstLine: Int, baseOffset: Int, firstColumn: Int)
        case nested(parent: JSONDocument, map: OffsetMap)
    }

    let source: Source

    func position(ofOffset offset: Int) -> SourcePosition {
        switch source {
        case let .outermost(lines, bytes, firstLine, baseOffset, firstColumn):
            var position = bytes.withUnsafeBufferPointer {
                lines.position(ofOffset: offset, in: $0, firstLine: firstLine, baseOffset: baseOffset)
            }
            if position.line == firstLine { position.column += firstColumn - 1 }
            return position
        case let .nested(parent, map):
            return parent.position(atOffset: map.sourceOffset(forDecoded: offset))
        }
    }
}
