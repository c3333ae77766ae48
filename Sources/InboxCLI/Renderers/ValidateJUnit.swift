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
        Self.className(document.source).withUTF8Span { Self.appendEscaped($0, to: &classname) }
        var file = ByteBuffer()
        document.source.withUTF8Span { Self.appendEscaped($0, to: &file) }
        classname.withSpan { classname in file.withSpan { file in
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
        source.withUTF8Span { Self.appendEscaped($0, to: &start) }
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
    private func addCase(name: String, line: Int, findings: [Diagnostic], classname: Span<UInt8>,
                         file: Span<UInt8>, to bytes: inout ByteBuffer) -> Bool {
        bytes.append("    <testcase classname=\"")
        bytes.append(classname)
        bytes.append("\" name=\"")
        name.withUTF8Span { Self.appendEscaped($0, to: &bytes) }
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
            findings[first].withParts { code, message, _, _ in
                bytes.append("      <failure type=\"")
                Self.appendEscaped(code, to: &bytes)
                bytes.append("\" message=\"")
                bytes.append(decimal: failing)
                bytes.append(failing == 1 ? " finding: " : " findings: ")
                Self.appendEscaped(code, to: &bytes)
                bytes.append(" ")
                Self.appendEscaped(message, to: &bytes)
                bytes.append("\">")
            }
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
            findings[index].withParts { Self.append(line: $0, $1, $2, $3, to: &bytes) }
        }
    }

    /// `6:7 error IK101 message (at /request/notifications/0)`, escaped, written from the
    /// finding's bytes.
    private static func append(line code: Span<UInt8>, _ message: Span<UInt8>, _ pointer: Span<UInt8>,
                               _ fields: FindingFields, to bytes: inout ByteBuffer) {
        bytes.append(decimal: fields.line)
        bytes.append(":")
        bytes.append(decimal: fields.column)
        switch fields.severity {
        case .error: bytes.append(" error ")
        case .warning: bytes.append(" warning ")
        case .info: bytes.append(" info ")
        }
        appendEscaped(code, to: &bytes)
        bytes.append(" ")
        appendEscaped(message, to: &bytes)
        if !pointer.isEmpty {
            bytes.append(" (at ")
            appendEscaped(pointer, to: &bytes)
            bytes.append(")")
        }
    }

    /// XML text and attribute escaping; characters XML 1.0 forbids (control characters
    /// other than tab, LF, CR) become U+FFFD so the document stays well-formed.
    static func escape(_ text: String) -> String {
        var bytes = ByteBuffer()
        text.withUTF8Span { appendEscaped($0, to: &bytes) }
        return bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `escape` of UTF-8 bytes (`ByteBuffer.appendXMLEscaped`).
    static func appendEscaped(_ text: Span<UInt8>, to bytes: inout ByteBuffer) {
        bytes.appendXMLEscaped(text)
    }
}
