import InboxModel
import InboxCore

/// `validate --format concise`: one line per finding, `path:line:col: CODE message`, the
/// form of ruff's `concise` and of compilers, which editors' problem matchers and `grep`
/// read. The summary line ends the output (`--quiet` leaves it out).
struct ValidateConcise: ValidateRenderer {
    var out: OutputBuffer
    var quiet: Bool

    func render(_ document: ValidatedDocument) -> ByteBuffer {
        var bytes = ByteBuffer()
        guard !document.isClean else { return bytes }
        document.forEachFindingListByPosition { findings in
            for index in findings.indices {
                findings[index].source.withUTF8Bytes { bytes.append($0) }
                let parts = findings[index].unsafeParts
                bytes.append(":")
                bytes.append(decimal: parts.line)
                bytes.append(":")
                bytes.append(decimal: parts.column)
                bytes.append(": ")
                bytes.append(parts.code)
                bytes.append(" ")
                Self.appendOneLine(parts.message, to: &bytes)
                bytes.append("\n")
            }
        }
        return bytes
    }

    /// A message on one line: a line break in it (from a payload's text) would start what
    /// a matcher reads as another finding.
    private static func appendOneLine(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout ByteBuffer) {
        var run = 0
        for index in text.indices where text[index] == UInt8(ascii: "\n") || text[index] == UInt8(ascii: "\r") {
            bytes.append(UnsafeBufferPointer(rebasing: text[run ..< index]))
            bytes.append(" ")
            run = index + 1
        }
        bytes.append(UnsafeBufferPointer(rebasing: text[run...]))
    }

    mutating func add(_ fragment: ByteBuffer) {
        guard !fragment.isEmpty else { return }
        fragment.withBytes { out.write($0) }
    }

    mutating func finish(_ summary: ValidateSummary) {
        if !quiet { out.line(summary.line) }
    }
}
