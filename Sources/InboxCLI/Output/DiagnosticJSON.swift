import InboxModel

/// Writes `<diagnostic>` objects of the JSON contract straight into the output bytes:
/// `validate` prints one per finding, and building a value tree for each was the
/// largest cost of the JSON format on big inputs.
enum DiagnosticJSON {
    /// Writes the diagnostics of one document into one buffer: the source they share is
    /// quoted once, with the keys around it, and copied from there for each finding after
    /// the first; the severity is one of three fixed lines.
    ///
    /// Each finding is appended with its parts (`Diagnostic.unsafeParts`) and its source:
    /// the document's (`ofDocument`, as its findings have unless made elsewhere) or its own.
    /// The writer keeps no `String` of its own: holding the source cost a retain and a
    /// release (atomic) per document, and taking each finding's another.
    ///
    /// The quotes of the code, message and pointer are written with the constant text
    /// around them, as one copy each, and the texts themselves are escaped between them
    /// (`ByteWriter.appendEscaped`): a finding is eleven pieces.
    struct Writer {
        /// Where `",\n      "source": "<source>",\n      "pointer": "` was first written in
        /// the buffer for the document's source (from the quote that closes the message to
        /// the one that opens the pointer).
        private var sourceLine: Range<Int>?

        /// Appends the diagnostic on a new line, pretty-printed at depth 2 (a member of the
        /// top-level `diagnostics` array), the same layout `JSONOut.serialized()` gives;
        /// `separated` puts a comma before it. Room for the worst case is reserved once,
        /// then the keys and the severity line are constant copies and the code, message
        /// and pointer are escaped straight from the diagnostic's bytes.
        mutating func append(_ parts: Diagnostic.Parts, source: String, ofDocument: Bool, separated: Bool,
                             to out: inout ByteBuffer) {
            guard ofDocument, let sourceLine else {
                return appendWritingSource(parts, source, ofDocument, separated, &out)
            }
            let room = Self.fixedRoom + sourceLine.count + ByteWriter.escapedRoom(parts.code.count)
                + ByteWriter.escapedRoom(parts.message.count) + ByteWriter.escapedRoom(parts.pointer.count)
            out.write(reserving: room) { out in
                Self.write(parts, separated, to: &out)
                out.appendCopy(ofWritten: sourceLine)
                Self.write(pointerOf: parts, to: &out)
            }
        }

        /// `append` for the first finding (or one of another source): the source line is
        /// written out, and kept for those after it when it is the document's.
        private mutating func appendWritingSource(_ parts: Diagnostic.Parts, _ source: String, _ ofDocument: Bool,
                                                  _ separated: Bool, _ out: inout ByteBuffer) {
            source.withUTF8Bytes { source in
                let room = Self.fixedRoom + Self.sourceKeysRoom + ByteWriter.escapedRoom(source.count)
                    + ByteWriter.escapedRoom(parts.code.count) + ByteWriter.escapedRoom(parts.message.count)
                    + ByteWriter.escapedRoom(parts.pointer.count)
                out.write(reserving: room) { out in
                    Self.write(parts, separated, to: &out)
                    let start = out.offset
                    out.append("\",\n      \"source\": \"")
                    out.appendEscaped(source)
                    out.append("\",\n      \"pointer\": \"")
                    if ofDocument { sourceLine = start ..< out.offset }
                    Self.write(pointerOf: parts, to: &out)
                }
            }
        }

        /// Everything before the source line: up to the message, without its closing quote.
        @inline(__always)
        private static func write(_ parts: Diagnostic.Parts, _ separated: Bool, to out: inout ByteWriter) {
            if separated {
                out.append(",\n    {\n      \"code\": \"")
            } else {
                out.append("\n    {\n      \"code\": \"")
            }
            out.appendEscaped(parts.code)
            switch parts.severity {
            case .error: out.append("\",\n      \"severity\": \"error\",\n      \"message\": \"")
            case .warning: out.append("\",\n      \"severity\": \"warning\",\n      \"message\": \"")
            case .info: out.append("\",\n      \"severity\": \"info\",\n      \"message\": \"")
            }
            out.appendEscaped(parts.message)
        }

        /// Everything after the source line: from the pointer, after its opening quote.
        @inline(__always)
        private static func write(pointerOf parts: Diagnostic.Parts, to out: inout ByteWriter) {
            out.appendEscaped(parts.pointer)
            out.append("\",\n      \"line\": ")
            out.append(decimal: parts.line)
            out.append(",\n      \"column\": ")
            out.append(decimal: parts.column)
            out.append("\n    }")
        }

        /// Everything but the source line and the escaped texts, at most: the comma, the
        /// keys, the quotes and the longest severity line (114 bytes, with room to spare)
        /// and two numbers.
        static let fixedRoom = 120 + 2 * ByteWriter.decimalRoom
        /// The keys and quotes around the source.
        static let sourceKeysRoom = 41
    }

    /// At least the bytes `append` writes for a finding with `textBytes` of code, message
    /// and pointer when no character needs escaping (the source line aside).
    static func estimatedSize(textBytes: Int) -> Int { Writer.fixedRoom + textBytes }

    /// What `append` reserves beyond what it writes, at most, when nothing needs escaping
    /// (five more bytes for each byte of the texts and of the source, a word per text,
    /// and the keys around the source once more): with this much more room than `estimatedSize` adds up, the
    /// findings of a document are written without growing the buffer.
    static func slack(longestText: Int) -> Int {
        5 * longestText + 4 * ByteWriter.escapedRoom(0) + Writer.sourceKeysRoom
    }
}
