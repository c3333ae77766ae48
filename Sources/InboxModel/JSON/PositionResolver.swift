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
    /// Set for an outermost document that is one line of ASCII without a BOM (an NDJSON line):
    /// then a position is plain arithmetic on the fields below, without touching the tables.
    private let isPlainLine: Bool
    private let byteCount: Int
    private let firstLine: Int
    private let baseOffset: Int
    private let firstColumn: Int

    /// A nested document's resolver.
    init(parent: JSONDocument, map: OffsetMap) {
        source = .nested(parent: parent, map: map)
        isPlainLine = false
        byteCount = 0
        firstLine = 1
        baseOffset = 0
        firstColumn = 1
    }

    /// An outermost document's resolver.
    init(lines: LineTable, bytes: [UInt8], firstLine: Int, baseOffset: Int, firstColumn: Int) {
        source = .outermost(lines: lines, bytes: bytes, firstLine: firstLine, baseOffset: baseOffset, firstColumn: firstColumn)
        isPlainLine = lines.isASCII && lines.starts.isEmpty && lines.contentStart == 0
        byteCount = bytes.count
        self.firstLine = firstLine
        self.baseOffset = baseOffset
        self.firstColumn = firstColumn
    }

    func position(ofOffset offset: Int) -> SourcePosition {
        if isPlainLine {
            // What `LineTable.position` gives for line 1 of ASCII text starting at 0.
            let clamped = min(max(offset, 0), byteCount)
            return SourcePosition(offset: baseOffset + clamped, line: firstLine, column: clamped + firstColumn)
        }
        switch source {
        case let .outermost(lines, bytes, firstLine, baseOffset, firstColumn):
            var position = bytes.withUnsafeBufferPointer {
                lines.position(ofOffset: offset, in: $0, firstLine: firstLine, baseOffset: baseOffset)
            }
            if position.line == firstLine { position.column += firstColumn - 1 }
            return position
        case let .nested(parent, map):
            return parent.position(atOffset: map.sourceOffset(forDecoded: offset, in: parent.input))
        }
    }
}
