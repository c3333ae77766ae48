import InboxModel

/// Writes `<diagnostic>` objects of the JSON contract straight into the output bytes:
/// `validate` prints one per finding, and building a value tree for each was the
/// largest cost of the JSON format on big inputs.
enum DiagnosticJSON {
    /// Writes the diagnostics of one document (or more): the source they share is quoted
    /// once, and the severity is one of three fixed words.
    struct Writer {
        private var source: String?
        private var quotedSource = ByteBuffer()

        /// Appends the diagnostic on a new line, pretty-printed at depth 2 (a member of the
        /// top-level `diagnostics` array), the same layout `JSONOut.serialized()` gives.
        /// Written into a `ByteBuffer` in a few pointer writes: the keys and the severity
        /// line are constants, and each string is quoted straight into the output.
        mutating func append(_ diagnostic: Diagnostic, to out: inout ByteBuffer) {
            if diagnostic.source != source {
                source = diagnostic.source
                quotedSource = ByteBuffer(capacity: diagnostic.source.utf8.count + 2)
                quotedSource.appendQuoted(diagnostic.source)
            }
            out.append("\n    {\n      \"code\": ")
            out.appendQuoted(diagnostic.code)
            switch diagnostic.severity {
            case .error: out.append(",\n      \"severity\": \"error\",\n      \"message\": ")
            case .warning: out.append(",\n      \"severity\": \"warning\",\n      \"message\": ")
            case .info: out.append(",\n      \"severity\": \"info\",\n      \"message\": ")
            }
            out.appendQuoted(diagnostic.message)
            out.append(",\n      \"source\": ")
            quotedSource.withBytes { out.append($0) }
            out.append(",\n      \"pointer\": ")
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
