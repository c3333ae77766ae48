import InboxModel
import InboxCore

/// `validate --format junit`: JUnit XML, which CI systems (GitLab, Jenkins, Azure, CircleCI)
/// show as a test report. One `<testsuite>` per file, one `<testcase>` per message (named by
/// its JSON Pointer and line), plus one per document-level finding group (a syntax error,
/// an unknown shape). Findings at or above `--fail-on` are the `<failure>`; the others are
/// listed in `<system-out>` so nothing is hidden. A path that could not be read is a suite
/// of one test case with an `<error>`, so the report fails as the run does.
///
/// `classname` is the file's path without its extension and with its other dots as `_`:
/// Jenkins splits a class name at its last dot into package and class, which turned
/// `a.json` into class `json` of package `a`. `time` is 0, as eslint writes it: a message
/// is checked in microseconds, and a measured time would make reports of the same files
/// differ.
///
/// The root element carries the totals, so the suites are held until `finish`, as the
/// bytes they print: the first megabytes in memory, the rest in a temporary file
/// (`SpillingBytes`), so memory stays flat whatever the size of the report.
struct ValidateJUnit: ValidateRenderer {
    var out: OutputBuffer
    var failOn: Severity

    /// The closed suites, as printed: each suite's start tag, then its cases, then the
    /// next suite's.
    private let suites = SpillingBytes()
    private var hasSuites = false
    private var source: String?
    /// The `<testcase>` elements of the open suite, and how many there are and fail.
    private var cases = SpillingBytes()
    private var caseCount = 0
    private var failingCases = 0
    private var totalTests = 0
    private var totalFailures = 0

    init(out: OutputBuffer, failOn: Severity) {
        self.out = out
        self.failOn = failOn
    }

    /// A document's test cases, ready to go into its file's suite.
    struct Fragment {
        var source: String
        var bytes = ByteBuffer()
        var cases = 0
        var failures = 0
    }

    func render(_ document: ValidatedDocument) -> Fragment {
        var fragment = Fragment(source: document.source)
        var classname = ByteBuffer()
        Self.className(document.source).withUTF8Bytes { Self.appendEscaped($0, to: &classname) }
        var file = ByteBuffer()
        document.source.withUTF8Bytes { Self.appendEscaped($0, to: &file) }
        classname.withBytes { classname in file.withBytes { file in
            if !document.findings.isEmpty || document.messages.isEmpty {
                fragment.cases += 1
                if addCase(name: "document at line \(document.firstLine)", line: document.firstLine,
                           findings: document.findings, classname: classname, file: file, to: &fragment.bytes) {
                    fragment.failures += 1
                }
            }
            for message in document.messages {
                let name = message.pointer.isEmpty ? "message at line \(message.line)" : "\(message.pointer) (line \(message.line))"
                fragment.cases += 1
                if addCase(name: name, line: message.line, findings: message.findings, classname: classname,
                           file: file, to: &fragment.bytes) {
                    fragment.failures += 1
                }
            }
        } }
        return fragment
    }

    mutating func add(_ fragment: Fragment) {
        if fragment.source != source {
            closeSuite()
            source = fragment.source
        }
        cases.append(fragment.bytes)
        caseCount += fragment.cases
        failingCases += fragment.failures
    }

    mutating func finish(_ summary: ValidateSummary) {
        closeSuite()
        let errors = summary.unreadable.count
        out.line(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        out.line("<testsuites name=\"\(Self.escape(Tool.name)) validate\" tests=\"\(totalTests + errors)\" "
                 + "failures=\"\(totalFailures)\" errors=\"\(errors)\" skipped=\"0\" time=\"0\">")
        suites.write(to: out)
        if hasSuites { out.write("  </testsuite>\n") }
        for failure in summary.unreadable {
            let path = Self.escape(failure.path)
            out.line("  <testsuite name=\"\(path)\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0\">")
            out.line("    <testcase classname=\"\(Self.escape(Self.className(failure.path)))\" name=\"read\" "
                     + "file=\"\(path)\" time=\"0\">")
            out.line("      <error type=\"unreadable\" message=\"\(Self.escape(failure.message))\"/>")
            out.line("    </testcase>")
            out.line("  </testsuite>")
        }
        out.line("</testsuites>")
    }

    /// The `classname` of a file's cases: its path without the extension, other dots as `_`.
    static func className(_ path: String) -> String {
        var name = Substring(path)
        if let dot = name.lastIndex(of: "."), !name[dot...].contains(Character("/")), dot != name.startIndex {
            name = name[..<dot]
        }
        return String(name.map { $0 == "." ? "_" : $0 })
    }

    private mutating func closeSuite() {
        guard let source else { return }
        totalTests += caseCount
        totalFailures += failingCases
        // The previous suite's end tag goes before this one's start tag.
        var start = ByteBuffer()
        if hasSuites { start.append("  </testsuite>\n") }
        start.append("  <testsuite name=\"")
        source.withUTF8Bytes { Self.appendEscaped($0, to: &start) }
        start.append("\" tests=\"")
        start.append(decimal: caseCount)
        start.append("\" failures=\"")
        start.append(decimal: failingCases)
        start.append("\" errors=\"0\" skipped=\"0\" time=\"0\">\n")
        suites.append(start)
        suites.append(contentsOf: cases)
        hasSuites = true
        cases = SpillingBytes()
        caseCount = 0
        failingCases = 0
        self.source = nil
    }

    /// One `<testcase>`: the failing findings in `<failure>`, the others in `<system-out>`.
    /// Returns whether the case fails.
    private func addCase(name: String, line: Int, findings: [Diagnostic], classname: UnsafeBufferPointer<UInt8>,
                         file: UnsafeBufferPointer<UInt8>, to bytes: inout ByteBuffer) -> Bool {
        bytes.append("    <testcase classname=\"")
        bytes.append(classname)
        bytes.append("\" name=\"")
        name.withUTF8Bytes { Self.appendEscaped($0, to: &bytes) }
        bytes.append("\" file=\"")
        bytes.append(file)
        bytes.append("\" line=\"")
        bytes.append(decimal: line)
        bytes.append("\" time=\"0\"")
        guard !findings.isEmpty else { bytes.append("/>\n"); return false }
        bytes.append(">\n")
        var failing = 0
        var first: Int?
        for index in findings.indices where findings[index].severity >= failOn {
            failing += 1
            if first == nil { first = index }
        }
        if let first {
            let finding = findings[first]
            let parts = finding.unsafeParts
            bytes.append("      <failure type=\"")
            Self.appendEscaped(parts.code, to: &bytes)
            bytes.append("\" message=\"")
            bytes.append(decimal: failing)
            bytes.append(failing == 1 ? " finding: " : " findings: ")
            Self.appendEscaped(parts.code, to: &bytes)
            bytes.append(" ")
            Self.appendEscaped(parts.message, to: &bytes)
            bytes.append("\">")
            appendLines(findings, failing: true, to: &bytes)
            bytes.append("</failure>\n")
        }
        if failing < findings.count {
            bytes.append("      <system-out>")
            appendLines(findings, failing: false, to: &bytes)
            bytes.append("</system-out>\n")
        }
        bytes.append("    </testcase>\n")
        return first != nil
    }

    /// The `line` of each finding that fails (or of each that does not), escaped, a line
    /// feed between them.
    private func appendLines(_ findings: [Diagnostic], failing: Bool, to bytes: inout ByteBuffer) {
        var separated = false
        for index in findings.indices where (findings[index].severity >= failOn) == failing {
            if separated { bytes.append("\n") }
            separated = true
            Self.append(line: findings[index].unsafeParts, to: &bytes)
        }
    }

    /// `6:7 error IK101 message (at /request/notifications/0)`, escaped, written from the
    /// finding's bytes.
    private static func append(line parts: Diagnostic.Parts, to bytes: inout ByteBuffer) {
        bytes.append(decimal: parts.line)
        bytes.append(":")
        bytes.append(decimal: parts.column)
        switch parts.severity {
        case .error: bytes.append(" error ")
        case .warning: bytes.append(" warning ")
        case .info: bytes.append(" info ")
        }
        appendEscaped(parts.code, to: &bytes)
        bytes.append(" ")
        appendEscaped(parts.message, to: &bytes)
        if !parts.pointer.isEmpty {
            bytes.append(" (at ")
            appendEscaped(parts.pointer, to: &bytes)
            bytes.append(")")
        }
    }

    /// XML text and attribute escaping; characters XML 1.0 forbids (control characters
    /// other than tab, LF, CR) become U+FFFD so the document stays well-formed.
    static func escape(_ text: String) -> String {
        var bytes = ByteBuffer()
        text.withUTF8Bytes { appendEscaped($0, to: &bytes) }
        return bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `escape` of UTF-8 bytes: the runs between the bytes to replace are copied as they
    /// are, and eight bytes at a time are passed over when none of them may need a look
    /// (`mayNeedEscape`). U+FFFE and U+FFFF are the only scalars encoded `EF BF BE` and
    /// `EF BF BF`.
    static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout ByteBuffer) {
        var run = 0
        var index = 0
        let count = text.count
        guard let base = text.baseAddress else { return }
        while index < count {
            if index &+ 8 <= count,
               !mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index &+= 8
                continue
            }
            let byte = text[index]
            let replacement: StaticString
            var length = 1
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&apos;"
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
                continue
            case 0 ..< 0x20: replacement = "\u{FFFD}"
            case 0xEF where index + 2 < count && text[index + 1] == 0xBF && (text[index + 2] == 0xBE || text[index + 2] == 0xBF):
                replacement = "\u{FFFD}"
                length = 3
            default:
                index += 1
                continue
            }
            bytes.append(UnsafeBufferPointer(rebasing: text[run ..< index]))
            bytes.append(replacement)
            index += length
            run = index
        }
        bytes.append(UnsafeBufferPointer(rebasing: text[run...]))
    }

    /// Whether a byte of `word` may be one `appendEscaped` looks at: `&<>"'`, a control
    /// character (tab, LF and CR too) or 0xEF. Never false for such a byte; sometimes true
    /// for none (a borrow between bytes), which only costs a look at each.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
        let marks = hasZero(word ^ (ones &* 0x26)) | hasZero(word ^ (ones &* 0x3C)) | hasZero(word ^ (ones &* 0x3E))
            | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x27)) | hasZero(word ^ (ones &* 0xEF))
            | ((word &- ones &* 0x20) & ~word & high)
        return marks != 0
    }
}
