import InboxModel

/// `validate --format text`: for people. Findings are grouped per file and per message
/// (headed by the message's title so a marketer recognises the campaign), wrapped to 80
/// columns, with a summary and the gate's verdict at the end. Clean files take one line.
struct ValidateText: ValidateRenderer {
    var out: OutputBuffer
    var style: Style
    var quiet: Bool

    private var source: String?
    private var sourceHasFindings = false
    private var sourceMessages = 0
    private var printedAnything = false
    /// The last thing printed was a clean file's line (clean files are not spaced apart).
    private var lastWasClean = false
    /// Findings of the current file were printed already (later groups need a header).
    private var inMessage = false

    static let width = 80

    init(out: OutputBuffer, style: Style, quiet: Bool) {
        self.out = out
        self.style = style
        self.quiet = quiet
    }

    mutating func add(_ document: ValidatedDocument) {
        if document.source != source {
            closeSource()
            source = document.source
            sourceHasFindings = false
            sourceMessages = 0
            inMessage = false
        }
        sourceMessages += document.messages.count
        if !document.findings.isEmpty {
            openSource()
            // After other findings of this file, a header keeps these from reading as theirs.
            if inMessage { out.line("  " + style.cyan("line \(document.firstLine)")) }
            inMessage = true
            for finding in document.findings { show(finding) }
        }
        for message in document.messages where !message.findings.isEmpty {
            openSource()
            out.line(header(message))
            inMessage = true
            for finding in message.findings { show(finding) }
        }
    }

    mutating func finish(_ summary: ValidateSummary) {
        closeSource()
        if printedAnything { out.line() }
        out.line(style.bold(summary.line))
        out.line(verdict(summary))
    }

    private mutating func openSource() {
        guard !sourceHasFindings, let source else { return }
        if printedAnything { out.line() }
        out.line(style.bold(source))
        sourceHasFindings = true
        printedAnything = true
    }

    /// A file without findings: one line, unless `--quiet`.
    private mutating func closeSource() {
        guard let source, !sourceHasFindings, !quiet else { return }
        if printedAnything, !lastWasClean { out.line() }
        let count = sourceMessages == 1 ? "1 message" : "\(sourceMessages) messages"
        out.line(style.bold(source) + "  " + style.green("✓ no findings") + (sourceMessages == 0 ? "" : style.dim(" (\(count))")))
        printedAnything = true
        lastWasClean = true
    }

    /// `  line 6  /request/notifications/0  "Black Friday starts now"`
    private mutating func header(_ message: ValidatedMessage) -> String {
        lastWasClean = false
        var plain = "  line \(message.line)"
        var styled = "  " + style.cyan("line \(message.line)")
        if !message.pointer.isEmpty {
            plain += "  " + message.pointer
            styled += "  " + style.cyan(message.pointer)
        }
        if let label = message.label, !label.isEmpty {
            let room = Self.width - plain.count - 4
            if room >= 12 {
                let shown = label.count > room ? String(label.prefix(room - 1)) + "…" : label
                styled += "  " + style.bold("\"\(shown)\"")
            }
        }
        return styled
    }

    /// `    6:7     error    IK101  message wrapped at 80 columns` (the header above names the message).
    private mutating func show(_ diagnostic: Diagnostic) {
        lastWasClean = false
        FindingText.lines(diagnostic, style: style, indent: "    ", showPointer: false).forEach(out.line)
    }

    private func verdict(_ summary: ValidateSummary) -> String {
        if summary.failed {
            var reasons: [String] = []
            let failing = [(Severity.error, summary.counts.errors), (.warning, summary.counts.warnings),
                           (.info, summary.counts.infos)].filter { summary.fails($0.0) && $0.1 > 0 }
            if !failing.isEmpty {
                reasons.append("findings at or above \(summary.failOn.rawValue) (--fail-on \(summary.failOn.rawValue))")
            }
            if let limit = summary.maxWarnings, summary.counts.warnings > limit {
                reasons.append("\(summary.counts.warnings) warnings, more than --max-warnings \(limit)")
            }
            return style.red("✗ fails: ") + reasons.joined(separator: "; ")
        }
        return style.green("✓ passes") + " (nothing at or above \(summary.failOn.rawValue), profile \(summary.profile.name))"
    }
}
