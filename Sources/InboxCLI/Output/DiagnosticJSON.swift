import InboxModel

/// Writes `<diagnostic>` objects of the JSON contract straight into the output bytes:
/// `validate` prints one per finding, and building a value tree for each was the
/// largest cost of the JSON format on big inputs.
enum DiagnosticJSON {
    /// Writes the diagnostics of one document (or more): the source they share is quoted
    /// once, and the severity is one of three fixed words.
    struct Writer {
        private var source: String?
        /// `,\n      "source": "<source>",\n      "pointer": `: the source's line with the
        /// keys around it, written in one copy per diagnostic.
        private var sourceLine = ByteBuffer()

        /// Appends the diagnostic on a new line, pretty-printed at depth 2 (a member of the
        /// top-level `diagnostics` array), the same layout `JSONOut.serialized()` gives.
        /// Written into a `ByteBuffer` in a few pointer writes: the keys and the severity
        /// line are constants, and each string is quoted straight into the output.
        mutating func append(_ diagnostic: Diagnostic, to out: inout ByteBuffer) {
            if diagnostic.source != source {
                source = diagnostic.source
                sourceLine = ByteBuffer(capacity: diagnostic.source.utf8.count + 40)
                sourceLine.append(",\n      \"source\": ")
                sourceLine.appendQuoted(diagnostic.source)
                sourceLine.append(",\n      \"pointer\": ")
            }
            out.append("\n    {\n      \"code\": ")
            out.appendQuoted(diagnostic.code)
            switch diagnostic.severity {
            case .error: out.append(",\n      \"severity\": \"error\",\n      \"message\": ")
            case .warning: out.append(",\n      \"severity\": \"warning\",\n      \"message\": ")
            case .info: out.append(",\n      \"severity\": \"info\",\n      \"message\": ")
            }
            out.appendQuoted(diagnostic.message)
            sourceLine.withBytes { out.append($0) }
            out.appendQuoted(diagnostic.pointer)
            out.append(",\n      \"line\": ")
            out.append(decimal: diagnostic.line)
            out.append(",\n      \"column\": ")
            out.append(decimal: diagnostic.column)
            out.append("\n    }")
        }
    }

    /// The bytes `append` writes when no character needs escaping, plus slack for a few escapes.
    static func estimatedSize(_ diagnostic: Diagnostic) -> Int {
        160 + diagnostic.code.utf8.count + diagnostic.message.utf8.count + diagnostic.source.utf8.count
            + diagnostic.pointer.utf8.count
    }
}
