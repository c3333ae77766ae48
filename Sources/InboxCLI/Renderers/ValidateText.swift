import InboxModel
import InboxCore

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

    /// A document's findings as lines: the document's own findings, then each message
    /// with findings under its header. Whether a `line N` header goes before the
    /// document's own findings depends on what the file printed before, so it is kept
    /// apart for `add` to decide.
    struct Fragment {
        var source: String
        var messages: Int
        /// `  line N`, when the document has findings of its own.
        var leader: String?
        /// The lines, as printed.
        var body = ByteBuffer()
    }

    func render(_ document: ValidatedDocument) -> Fragment {
        var fragment = Fragment(source: document.source, messages: document.messages.count)
        let documentFindings = QuietFilter.shown(document.findings, quiet: quiet)
        if !documentFindings.isEmpty {
            fragment.leader = "  " + style.cyan("line \(document.firstLine)") + "\n"
            for finding in documentFindings {
                show(finding, into: &fragment.body)
                for line in ExcerptText(style: style).lines(under: finding, document.excerpt, indent: "    ") {
                    fragment.body.append(contentsOf: line + "\n")
                }
            }
        }
        for message in document.messages where !message.findings.isEmpty {
            let findings = QuietFilter.shown(message.findings, quiet: quiet)
            guard !findings.isEmpty else { continue }
            appendHeader(message, to: &fragment.body)
            for finding in findings { show(finding, into: &fragment.body) }
        }
        return fragment
    }

    mutating func add(_ fragment: Fragment) {
        if fragment.source != source {
            closeSource()
            source = fragment.source
            sourceHasFindings = false
            sourceMessages = 0
            inMessage = false
        }
        sourceMessages += fragment.messages
        guard !fragment.body.isEmpty else { return }
        openSource()
        // After other findings of this file, a header keeps these from reading as theirs.
        if inMessage, let leader = fragment.leader { out.write(leader) }
        fragment.body.withBytes { out.write($0) }
        inMessage = true
        lastWasClean = false
    }

    mutating func finish(_ summary: ValidateSummary) {
        closeSource()
        if printedAnything { out.line() }
        out.line(style.bold(summary.line))
        if let baseline = summary.baselineLine { out.line(style.dim(baseline)) }
        if let fixLine = summary.fixLine { out.line(fixLine) }
        out.line(verdict(summary))
    }

    private mutating func openSource() {
        guard !sourceHasFindings, let source else { return }
        if printedAnything { out.line() }
        out.line(style.bold(VisibleText.escaped(source)))
        sourceHasFindings = true
        printedAnything = true
    }

    /// A file without findings: one line, unless `--quiet`.
    private mutating func closeSource() {
        guard let source, !sourceHasFindings, !quiet else { return }
        if printedAnything, !lastWasClean { out.line() }
        let count = sourceMessages == 1 ? "1 message" : "\(sourceMessages) messages"
        out.line(style.bold(VisibleText.escaped(source)) + "  " + style.green("✓ no findings") + (sourceMessages == 0 ? "" : style.dim(" (\(count))")))
        printedAnything = true
        lastWasClean = true
    }

    /// `header` and a line feed, written as bytes when the pointer and the label are ASCII
    /// (a byte is then a `Character`, so the counts below are `header`'s), else `header`.
    private func appendHeader(_ message: ValidatedMessage, to out: inout ByteBuffer) {
        let pointer = message.pointer
        let label = message.label
        // A label's line breaks are spaces already, so an ASCII one has no `"\r\n"`; a pointer might.
        let ascii = ASCIIText.isPrintable(pointer, allowingNewlines: false)
            && (label.map { ASCIIText.isPrintable($0, allowingNewlines: false) } ?? true)
        guard ascii else {
            out.append(contentsOf: header(message))
            out.append("\n")
            return
        }
        let cyan: StaticString = "\u{1B}[36m", bold: StaticString = "\u{1B}[1m", reset: StaticString = "\u{1B}[0m"
        // `"  " + style.cyan("line N")`, and how many columns `"  line N"` takes.
        out.append("  ")
        if style.enabled { out.append(cyan) }
        out.append("line ")
        let digits = out.count
        out.append(decimal: message.line)
        var plainCount = 7 + out.count - digits
        if style.enabled { out.append(reset) }
        if !pointer.isEmpty {
            out.append("  ")
            if style.enabled { out.append(cyan) }
            out.append(contentsOf: pointer)
            if style.enabled { out.append(reset) }
            plainCount += 2 + pointer.utf8.count
        }
        if let label, !label.isEmpty {
            let room = Self.width - plainCount - 4
            if room >= 12 {
                out.append("  ")
                if style.enabled { out.append(bold) }
                out.append("\"")
                label.withUTF8Span { bytes in
                    if bytes.count > room {
                        out.append(bytes.extracting(..<(room - 1)))
                        out.append("…")
                    } else {
                        out.append(bytes)
                    }
                }
                out.append("\"")
                if style.enabled { out.append(reset) }
            }
        }
        out.append("\n")
    }

    /// `  line 6  /request/notifications/0  "Black Friday starts now"`
    private func header(_ message: ValidatedMessage) -> String {
        var plain = "  line \(message.line)"
        var styled = "  " + style.cyan("line \(message.line)")
        if !message.pointer.isEmpty {
            let pointer = VisibleText.escaped(message.pointer)
            plain += "  " + pointer
            styled += "  " + style.cyan(pointer)
        }
        if let label = message.label.map({ VisibleText.escaped($0) }), !label.isEmpty {
            let room = Self.width - plain.count - 4
            if room >= 12 {
                let shown = label.count > room ? String(label.prefix(room - 1)) + "…" : label
                styled += "  " + style.bold("\"\(shown)\"")
            }
        }
        return styled
    }

    /// `    6:7     error    IK101  message wrapped at 80 columns` (the header above names the message).
    private func show(_ diagnostic: Diagnostic, into text: inout ByteBuffer) {
        if FindingText.appendLines(diagnostic, style: style, indent: "    ", to: &text) { return }
        for line in FindingText.lines(diagnostic, style: style, indent: "    ", showPointer: false) {
            text.append(contentsOf: line)
            text.append("\n")
        }
    }

    private func verdict(_ summary: ValidateSummary) -> String {
        if !summary.passed {
            var reasons: [String] = []
            if !summary.unreadable.isEmpty {
                let count = summary.unreadable.count
                reasons.append("\(count) path\(count == 1 ? "" : "s") could not be read (see above)")
            }
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
