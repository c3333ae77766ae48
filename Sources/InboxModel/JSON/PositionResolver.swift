/// Resolves a document's byte offsets to positions in the outermost source: directly through the line
/// table for a top-level document, or through the enclosing string's `OffsetMap` for a nested one.
///
/// Plain stored fields rather than an enum with payloads: reading a payload out of an enum
/// copied it (a retain of the parent document and of each array per position asked).
struct PositionResolver: @unchecked Sendable {
    /// Line starts of an outermost document (nil for a nested one).
    private let lines: LineTable?
    /// The outermost document's bytes (empty for a nested one).
    private let bytes: [UInt8]
    /// The enclosing document of a nested one, owned here (nil for an outermost document):
    /// positions map back through it, and values of it stay valid while the nested one lives.
    private let parent: JSONDocument?
    /// `parent`, borrowed, to read through without a retain.
    private let parentRef: Unmanaged<JSONDocument>?
    /// Where the nested document's bytes came from in `parent`.
    private let map: OffsetMap
    /// Set for an outermost document that is one line of ASCII without a BOM (an NDJSON line):
    /// then a position is plain arithmetic on the fields below, without touching the tables.
    private let isPlainLine: Bool
    private let byteCount: Int
    private let firstLine: Int
    private let baseOffset: Int
    /// Column of `bytes[0]` on its line (1 unless the input starts mid-line, as an element
    /// of a streamed batch does).
    private let firstColumn: Int

    /// A nested document's resolver.
    init(parent: JSONDocument, map: OffsetMap) {
        lines = nil
        bytes = []
        self.parent = parent
        parentRef = Unmanaged.passUnretained(parent)
        self.map = map
        isPlainLine = false
        byteCount = 0
        firstLine = 1
        baseOffset = 0
        firstColumn = 1
    }

    /// An outermost document's resolver.
    init(lines: LineTable, bytes: [UInt8], firstLine: Int, baseOffset: Int, firstColumn: Int) {
        self.lines = lines
        self.bytes = bytes
        parent = nil
        parentRef = nil
        map = OffsetMap(contentStart: 0, closingQuote: 0, hasEscapes: false)
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
        if let parentRef {
            return parentRef._withUnsafeGuaranteedRef { parent in
                parent.position(atOffset: map.sourceOffset(forDecoded: offset, in: parent.input))
            }
        }
        // `lines` is set whenever `parentRef` is not; the fallback only keeps this total.
        var position = bytes.withUnsafeBufferPointer {
            lines?.position(ofOffset: offset, in: $0, firstLine: firstLine, baseOffset: baseOffset)
        } ?? SourcePosition(offset: baseOffset + offset, line: firstLine, column: offset + 1)
        if position.line == firstLine { position.column += firstColumn - 1 }
        return position
    }
}
