import InboxModel

/// Writes `<diagnostic>` objects of the JSON contract straight into the output bytes:
/// `validate` prints one per finding, and building a value tree for each was the
/// largest cost of the JSON format on big inputs.
enum DiagnosticJSON {
    /// Writes the diagnostics of one document (or more): the source they share is quoted
    /// once, and the severity is one of three fixed words.
    struct Writer {
        private var source: String?
        private var quotedSource: [UInt8] = []

        /// Appends the diagnostic on a new line, pretty-printed at depth 2 (a member of the
        /// top-level `diagnostics` array), the same layout `JSONOut.serialized()` gives.
        /// The caller reserves room (`estimatedSize`): reserving here, once per diagnostic,
        /// would defeat the array's geometric growth when many are appended to one buffer.
        mutating func append(_ diagnostic: Diagnostic, to out: inout [UInt8]) {
            if diagnostic.source != source {
                source = diagnostic.source
                quotedSource.removeAll(keepingCapacity: true)
                JSONText.appendQuoted(diagnostic.source, to: &quotedSource)
            }
            DiagnosticJSON.append("\n    {\n      \"code\": ", to: &out)
            JSONText.appendQuoted(diagnostic.code, to: &out)
            switch diagnostic.severity {
            case .error: DiagnosticJSON.append(",\n      \"severity\": \"error\"", to: &out)
            case .warning: DiagnosticJSON.append(",\n      \"severity\": \"warning\"", to: &out)
            case .info: DiagnosticJSON.append(",\n      \"severity\": \"info\"", to: &out)
            }
            DiagnosticJSON.append(",\n      \"message\": ", to: &out)
            JSONText.appendQuoted(diagnostic.message, to: &out)
            DiagnosticJSON.append(",\n      \"source\": ", to: &out)
            out.append(contentsOf: quotedSource)
            DiagnosticJSON.append(",\n      \"pointer\": ", to: &out)
            JSONText.appendQuoted(diagnostic.pointer, to: &out)
            DiagnosticJSON.append(",\n      \"line\": ", to: &out)
            DiagnosticJSON.appendDecimal(diagnostic.line, to: &out)
            DiagnosticJSON.append(",\n      \"column\": ", to: &out)
            DiagnosticJSON.appendDecimal(diagnostic.column, to: &out)
            DiagnosticJSON.append("\n    }", to: &out)
        }
    }

    /// The bytes `append` writes when no character needs escaping, plus slack for a few escapes.
    static func estimatedSize(_ diagnostic: Diagnostic) -> Int {
        160 + diagnostic.code.utf8.count + diagnostic.message.utf8.count + diagnostic.source.utf8.count
            + diagnostic.pointer.utf8.count
    }

    fileprivate static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    fileprivate static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        guard value > 0 else {
            out.append(contentsOf: String(value).utf8)
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }
}
