/// `ASCIIText`'s byte tests and wrapping for text lent as a span (a finding's message).
extension ASCIIText {
    package static func isPrintable(_ bytes: Span<UInt8>, allowingNewlines: Bool) -> Bool {
        bytes.withUnsafeBufferPointer { isPrintable($0, allowingNewlines: allowingNewlines) }
    }

    package static func isSingleSpaced(_ bytes: Span<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { isSingleSpaced($0) }
    }

    /// `singleSpacedLines(of:width:_:)`, each line lent as a span.
    package static func singleSpacedLines(of bytes: Span<UInt8>, width: Int, _ body: (Span<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { bytes in singleSpacedLines(of: bytes, width: width) { body($0.span) } }
    }

    /// `lines(of:width:_:)`: a `Piece.word` is valid only during its call of `body`.
    package static func lines(of bytes: Span<UInt8>, width: Int, _ body: (Piece) -> Void) {
        bytes.withUnsafeBufferPointer { lines(of: $0, width: width, body) }
    }
}
