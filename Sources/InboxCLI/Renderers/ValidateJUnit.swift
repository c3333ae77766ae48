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
    private var cases: [Case] = []
    private var totalTests = 0
    private var totalFailures = 0

    private struct Case {
        var name: String
        var line: Int
        var findings: [Diagnostic]
    }

    init(out: OutputBuffer, failOn: Severity) {
        self.out = out
        self.failOn = failOn
    }

    mutating func add(_ document: ValidatedDocument) {
        if document.source != source {
            closeSuite()
            source = document.source
        }
        if !document.findings.isEmpty || document.messages.isEmpty {
            cases.append(Case(name: "document at line \(document.firstLine)", line: document.firstLine,
                              findings: ValidateJSON.sorted(document.findings)))
        }
        for message in document.messages {
            let name = message.pointer.isEmpty ? "message at line \(message.line)" : "\(message.pointer) (line \(message.line))"
            cases.append(Case(name: name, line: message.line, findings: message.findings))
        }
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
        defer { cases = []; self.source = nil }
        let failures = cases.filter { $0.findings.contains { $0.severity >= failOn } }.count
        totalTests += cases.count
        totalFailures += failures
        var text = "  <testsuite name=\"\(Self.escape(source))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for testCase in cases {
            text += "    <testcase classname=\"\(Self.escape(source))\" name=\"\(Self.escape(testCase.name))\" file=\"\(Self.escape(source))\" line=\"\(testCase.line)\""
            let failing = testCase.findings.filter { $0.severity >= failOn }
            let other = testCase.findings.filter { $0.severity < failOn }
            guard !testCase.findings.isEmpty else { text += "/>\n"; continue }
            text += ">\n"
            if let first = failing.first {
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
        text += "  </testsuite>\n"
        suites.append(text)
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
