/// Resolves a document's byte offsets to positions in the outermost source: directly through the line
/// table for a top-level document, or through the enclosing string's `OffsetMap` for a nested one.
struct PositionResolver: @unchecked Sendable {
    enum Source {
        case outermost(lines: LineTable, bytes: [UInt8], firstLine: Int, baseOffset: Int)
        case nested(parent: JSONDocument, map: OffsetMap)
    }

    let source: Source

    func position(ofOffset offset: Int) -> SourcePosition {
        switch source {
        case let .outermost(lines, bytes, firstLine, baseOffset):
            return bytes.withUnsafeBufferPointer {
                lines.position(ofOffset: offset, in: $0, firstLine: firstLine, baseOffset: baseOffset)
            }
        case let .nested(parent, map):
            return parent.position(atOffset: map.sourceOffset(forDecoded: offset))
        }
    }
}
