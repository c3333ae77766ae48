import InboxModel

/// `validate --format junit`: JUnit XML, which CI systems (GitLab, Jenkins, Azure, CircleCI)
/// show as a test report. One `<testsuite>` per file, one `<testcase>` per message (named by
/// its JSON Pointer and line), plus one per document-level finding group (a syntax error,
/// an unknown shape). Findings at or above `--fail-on` are the `<failure>`; the others are
/// listed in `<system-out>` so nothing is hidden.
struct ValidateJUnit: ValidateRenderer {
    var out: OutputBuffer
    var failOn: Severity

    private var suites: [String] = []
    private var source: String?
    /// The `<testcase>` elements of the open suite, and how many there are and fail.
    private var cases = ""
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
        var text = ""
        var cases = 0
        var failures = 0
    }

    func render(_ document: ValidatedDocument) -> Fragment {
        var fragment = Fragment(source: document.source)
        if !document.findings.isEmpty || document.messages.isEmpty {
            addCase(name: "document at line \(document.firstLine)", line: document.firstLine,
                    findings: document.findings, source: document.source, to: &fragment)
        }
        for message in document.messages {
            let name = message.pointer.isEmpty ? "message at line \(message.line)" : "\(message.pointer) (line \(message.line))"
            addCase(name: name, line: message.line, findings: message.findings, source: document.source, to: &fragment)
        }
        return fragment
    }

    mutating func add(_ fragment: Fragment) {
        if fragment.source != source {
            closeSuite()
            source = fragment.source
        }
        cases += fragment.text
        caseCount += fragment.cases
        failingCases += fragment.failures
    }

    mutating func finish(_ summary: ValidateSummary) {
        closeSuite()
        out.line(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        out.line("<testsuites name=\"\(Self.escape(Tool.name)) validate\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\">")
        for suite in suites { out.write(suite) }
        out.line("</testsuites>")
    }

    private mutating func closeSuite() {
        guard let source else { return }
        defer { cases = ""; caseCount = 0; failingCases = 0; self.source = nil }
        totalTests += caseCount
        totalFailures += failingCases
        suites.append("  <testsuite name=\"\(Self.escape(source))\" tests=\"\(caseCount)\" failures=\"\(failingCases)\" errors=\"0\" skipped=\"0\">\n"
                      + cases + "  </testsuite>\n")
    }

    /// One `<testcase>`: the failing findings in `<failure>`, the others in `<system-out>`.
    private func addCase(name: String, line: Int, findings: [Diagnostic], source: String, to fragment: inout Fragment) {
        fragment.cases += 1
        var text = "    <testcase classname=\"\(Self.escape(source))\" name=\"\(Self.escape(name))\" file=\"\(Self.escape(source))\" line=\"\(line)\""
        defer { fragment.text += text }
        guard !findings.isEmpty else { text += "/>\n"; return }
        let failing = findings.filter { $0.severity >= failOn }
        let other = findings.filter { $0.severity < failOn }
        text += ">\n"
        if let first = failing.first {
            fragment.failures += 1
            let count = failing.count == 1 ? "1 finding" : "\(failing.count) findings"
            text += "      <failure type=\"\(Self.escape(first.code))\" message=\"\(Self.escape("\(count): \(first.code) \(first.message)"))\">"
            text += Self.escape(failing.map(Self.line).joined(separator: "\n"))
            text += "</failure>\n"
        }
        if !other.isEmpty {
            text += "      <system-out>" + Self.escape(other.map(Self.line).joined(separator: "\n")) + "</system-out>\n"
        }
        text += "    </testcase>\n"
    }

    /// `6:7 error IK101 message (at /request/notifications/0)`
    static func line(_ finding: Diagnostic) -> String {
        let pointer = finding.pointer.isEmpty ? "" : " (at \(finding.pointer))"
        return "\(finding.line):\(finding.column) \(finding.severity.rawValue) \(finding.code) \(finding.message)\(pointer)"
    }

    /// XML text and attribute escaping; characters XML 1.0 forbids (control characters
    /// other than tab, LF, CR) become U+FFFD so the document stays well-formed.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "\u{0}" ..< "\u{20}", "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
