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
                bytes.append(contentsOf: findings[index].source)
                findings.withParts(at: index) { code, message, _, fields in
                    bytes.append(":")
                    bytes.append(decimal: fields.line)
                    bytes.append(":")
                    bytes.append(decimal: fields.column)
                    bytes.append(": ")
                    bytes.append(code)
                    bytes.append(" ")
                    // A line break in a message would start what a matcher reads as another finding.
                    bytes.append(oneLine: message)
                    bytes.append("\n")
                }
            }
        }
        return bytes
    }

    mutating func add(_ fragment: ByteBuffer) {
        guard !fragment.isEmpty else { return }
        fragment.withBytes { out.write($0) }
    }

    mutating func finish(_ summary: ValidateSummary) {
        if !quiet { out.line(summary.line) }
    }
}
