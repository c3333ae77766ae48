/// Resolves a document's byte offsets to positions in the outermost source: directly through the line
/// table for a top-level document, or through the enclosing string's `OffsetMap` for a nested one.
///
/// Plain stored fields rather than an enum with payloads: reading a payload out of an enum
/// copied it (a retain of the parent document and of each array per position asked).
struct PositionResolver: @unchecked Sendable { // @unchecked: holds immutable documents and maps
    /// Line starts of an outermost document that needs them; nil for one line of ASCII
    /// without a BOM (an NDJSON line, nearly every document) and for a nested document.
    /// A reference, so the usual document holds no table (and no arrays) to retain when
    /// it is made and release when it is freed.
    private let lines: LineTable?
    /// The enclosing document of a nested one, owned here (nil for an outermost document):
    /// positions map back through it, and values of it stay valid while the nested one lives.
    private let parent: JSONDocument?
    /// `parent`, borrowed, to read through without a retain.
    private let parentRef: Unmanaged<JSONDocument>?
    /// Where the nested document's bytes came from in `parent` (nil for an outermost document).
    private let map: OffsetMap?
    private let byteCount: Int
    private let firstLine: Int
    private let baseOffset: Int
    /// Column of `bytes[0]` on its line (1 unless the input starts mid-line, as an element
    /// of a streamed batch does).
    private let firstColumn: Int

    /// A nested document's resolver.
    package init(parent: JSONDocument, map: OffsetMap) {
        lines = nil
        self.parent = parent
        parentRef = Unmanaged.passUnretained(parent)
        self.map = map
        byteCount = 0
        firstLine = 1
        baseOffset = 0
        firstColumn = 1
    }

    /// An outermost document's resolver. `lines` may be nil when the input is one line of
    /// ASCII without a BOM (a table of such an input is dropped: positions are arithmetic).
    package init(lines: LineTable?, byteCount: Int, firstLine: Int, baseOffset: Int, firstColumn: Int) {
        if let lines, !(lines.isASCII && lines.starts.isEmpty && lines.contentStart == 0) {
            self.lines = lines
        } else {
            self.lines = nil
        }
        parent = nil
        parentRef = nil
        map = nil
        self.byteCount = byteCount
        self.firstLine = firstLine
        self.baseOffset = baseOffset
        self.firstColumn = firstColumn
    }

    /// Where the document's bytes are in the source it came from (`JSONDocument.placement`).
    var placement: DocumentPlacement {
        if let parent, let map {
            return .nested(in: parent, string: (map.contentStart - 1) ..< (map.closingQuote + 1))
        }
        return .outermost(baseOffset: baseOffset)
    }

    /// - Parameter bytes: the document's input (of an outermost document; a nested one
    ///   reads its parent's).
    ///
    /// The usual document (one line of ASCII, no parent) is arithmetic, inlined where a
    /// position is asked (every finding asks one): the call copied this whole resolver
    /// onto the stack first.
    @inline(__always)
    func position(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        guard parentRef != nil || lines != nil else { return onLine(offset) }
        return resolvedPosition(ofOffset: offset, in: bytes)
    }

    /// A position on the document's one line of ASCII starting at 0: what
    /// `LineTable.position` gives for line 1.
    @inline(__always)
    private func onLine(_ offset: Int) -> SourcePosition {
        let clamped = min(max(offset, 0), byteCount)
        return SourcePosition(offset: baseOffset + clamped, line: firstLine, column: clamped + firstColumn)
    }

    /// `position` of a nested document or of one with a line table.
    @inline(never)
    private func resolvedPosition(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        if let parentRef, let map {
            return parentRef._withUnsafeGuaranteedRef { parent in
                parent.position(atOffset: map.sourceOffset(forDecoded: offset, in: parent.input))
            }
        }
        guard let lines else { return onLine(offset) }
        var position = lines.position(ofOffset: offset, in: bytes, firstLine: firstLine, baseOffset: baseOffset)
        if position.line == firstLine { position.column += firstColumn - 1 }
        return position
    }
}
