import InboxModel

/// Writes `<diagnostic>` objects of the JSON contract straight into the output bytes:
/// `validate` prints one per finding, and building a value tree for each was the
/// largest cost of the JSON format on big inputs.
enum DiagnosticJSON {
    /// Appends the diagnostic, pretty-printed at depth 2 (a member of the top-level
    /// `diagnostics` array), the same layout `JSONOut.serialized()` gives.
    static func append(_ diagnostic: Diagnostic, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + 160 + diagnostic.message.utf8.count + diagnostic.pointer.utf8.count)
        append("{\n      \"code\": ", to: &out)
        JSONText.appendQuoted(diagnostic.code, to: &out)
        append(",\n      \"severity\": ", to: &out)
        JSONText.appendQuoted(diagnostic.severity.rawValue, to: &out)
        append(",\n      \"message\": ", to: &out)
        JSONText.appendQuoted(diagnostic.message, to: &out)
        append(",\n      \"source\": ", to: &out)
        JSONText.appendQuoted(diagnostic.source, to: &out)
        append(",\n      \"pointer\": ", to: &out)
        JSONText.appendQuoted(diagnostic.pointer, to: &out)
        append(",\n      \"line\": ", to: &out)
        appendDecimal(diagnostic.line, to: &out)
        append(",\n      \"column\": ", to: &out)
        appendDecimal(diagnostic.column, to: &out)
        append("\n    }", to: &out)
    }

    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
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
