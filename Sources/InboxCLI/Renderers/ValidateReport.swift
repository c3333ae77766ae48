import InboxModel
import InboxCore

/// One document's outcome, as every `validate` renderer receives it: findings already
/// filtered by the rule selection and carrying their final severity. Renderers only
/// show; they never decide what is wrong.
struct ValidatedDocument {
    var source: String
    var firstLine: Int
    /// Findings about the document itself (syntax errors, tokens, unknown shapes), sorted by position.
    var findings: [Diagnostic]
    var messages: ValidatedMessages
    /// The line a syntax error is on, shown under it with a caret (text output).
    var excerpt: SourceExcerpt? = nil

    /// Calls `body` with every finding, document-level first, without building an array.
    /// The lists are walked through their buffers, so a finding is lent to `body` in place
    /// rather than copied out (retained and released) first.
    func forEachFinding(_ body: (Diagnostic) -> Void) {
        Self.forEach(in: findings, body)
        messages.findings.withSpan { lists in
            for index in lists.indices { Self.forEach(in: lists[index], body) }
        }
    }

    @inline(__always)
    private static func forEach(in findings: [Diagnostic], _ body: (Diagnostic) -> Void) {
        findings.withSpan { findings in
            for index in findings.indices { body(findings[index]) }
        }
    }

    /// Calls `body` with every finding ordered by line, then column (stable: document-level
    /// findings first at the same place). The findings usually arrive in that order, and
    /// are then passed on without building an array.
    func forEachFindingByPosition(_ body: (Diagnostic) -> Void) {
        guard !isInPositionOrder else { return forEachFinding(body) }
        var all = findings
        for findings in messages.findings { all += findings }
        PositionOrder.sorted(all).forEach(body)
    }

    /// `forEachFindingByPosition` a list at a time, each lent in place: a loop over the
    /// buffer reads a finding's fields where they are, where a finding handed to a closure
    /// that also writes output is copied (retained and released) first.
    /// Inlined: called out of line, each list was retained for its call of `body`.
    @inline(__always)
    func forEachFindingListByPosition(_ body: (Span<Diagnostic>) -> Void) {
        guard isInPositionOrder else {
            var all = findings
            for findings in messages.findings { all += findings }
            return PositionOrder.sorted(all).withSpan(body)
        }
        findings.withSpan(body)
        messages.findings.withSpan { lists in
            for index in lists.indices { lists[index].withSpan(body) }
        }
    }

    /// Whether `forEachFinding` gives the findings by line, then column. Each list is sorted
    /// already (see `findings` and `ValidatedMessages.findings`), so only where one list
    /// ends and the next begins is compared, in place.
    private var isInPositionOrder: Bool {
        var last = (line: Int.min, column: Int.min)
        guard findings.withSpan({ Self.follow(&last, $0) }) else { return false }
        return messages.findings.withSpan { lists in
            for index in lists.indices {
                guard lists[index].withSpan({ Self.follow(&last, $0) }) else { return false }
            }
            return true
        }
    }

    /// Whether the sorted `findings` begin no earlier than `last`; `last` becomes the
    /// position of the last of them.
    @inline(__always)
    private static func follow(_ last: inout (line: Int, column: Int),
                               _ findings: Span<Diagnostic>) -> Bool {
        guard !findings.isEmpty else { return true }
        // Only the ends are compared: a list that arrived unsorted would come out as it is.
        // Debug builds (the tests) check the promise.
        assert(findings.indices.dropFirst().allSatisfy {
            (line: findings[$0 - 1].line, column: findings[$0 - 1].column) <= (line: findings[$0].line, column: findings[$0].column)
        }, "a list of findings handed to validate is not in position order")
        // Read through the subscript, in place (`first` would copy a finding out).
        if (line: findings[0].line, column: findings[0].column) < last { return false }
        let end = findings.count - 1
        last = (line: findings[end].line, column: findings[end].column)
        return true
    }

    var isClean: Bool { findings.isEmpty && messages.findings.allSatisfy { $0.isEmpty } }

    /// How many findings of each severity the document has.
    var severityCounts: SeverityCounts {
        var counts = SeverityCounts()
        forEachFinding { counts.add($0.severity) }
        return counts
    }
}

/// The messages of a document with their findings: the inspected messages and the
/// analyzer's lists side by side, viewed as `ValidatedMessage`s only when a format walks
/// them, so checking a document copies nothing per message.
struct ValidatedMessages: RandomAccessCollection {
    let inspected: InspectedMessages
    /// The findings of each message, parallel to `inspected`, sorted by position.
    let findings: [[Diagnostic]]

    static let none = ValidatedMessages(inspected: [], findings: [])

    var startIndex: Int { 0 }
    var endIndex: Int { Swift.min(inspected.count, findings.count) }

    subscript(index: Int) -> ValidatedMessage {
        ValidatedMessage(inspected: inspected[index], findings: findings[index])
    }
}

/// One message of a document with its findings, sorted by position. Where the message
/// is and how it is named are computed only when a format shows them (the JSON format
/// never does, and it is the one run on the largest inputs).
struct ValidatedMessage {
    var inspected: InspectedMessage
    var findings: [Diagnostic]

    var message: Message { inspected.message }
    var pointer: String { message.pointer }
    var line: Int { message.position.line }
    var column: Int { message.position.column }

    /// The title, else the body, on one line: how a marketer recognises a message.
    var label: String? {
        guard let text = message.title?.nonEmpty ?? message.body?.nonEmpty else { return nil }
        // Printable ASCII has no line break to replace (most titles are such text).
        if ASCIIText.isPrintable(text, allowingNewlines: false) { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }
}

extension SeverityCounts {
    mutating func add(_ other: SeverityCounts) {
        errors += other.errors
        warnings += other.warnings
        infos += other.infos
    }
}

/// Totals and the gate's verdict, for the end of every format.
struct ValidateSummary {
    var profile: SDKProfile
    var files: Int
    var messages: Int
    var counts: SeverityCounts
    var failOn: Severity
    var maxWarnings: Int?
    var failed: Bool
    /// Paths that could not be read: the run fails with exit code 2 whatever was found,
    /// and every format says so (SARIF's invocation, a JUnit error, a GitHub annotation).
    var unreadable: [UnreadablePath] = []
    /// The exit code of the run, decided before the formats finish (SARIF records it).
    var exitCode: Int32 = ExitCode.success
    /// The words the tool was run with, after its name (SARIF's invocation).
    var arguments: [String] = []
    /// Findings hidden because `--baseline` holds them; nil without a baseline.
    var baselined: Int?

    /// `N known findings (in the baseline) not shown`, with a baseline.
    var baselineLine: String? {
        baselined.map { "\($0) known finding\($0 == 1 ? "" : "s") (in the baseline) not shown" }
    }

    /// Whether the run passes: no finding fails the gate and every path was read.
    var passed: Bool { !failed && unreadable.isEmpty }

    /// How many findings `--fix` fixed before the run (nil without `--fix`).
    var fixed: Int? = nil

    /// `N fixed, N remaining` after `--fix` (as ruff counts), nil otherwise.
    var fixLine: String? {
        fixed.map { "\($0) fixed, \(counts.errors + counts.warnings + counts.infos) remaining" }
    }

    /// `N errors, N warnings, N info in N messages (N files)`.
    var line: String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(count(counts.errors, "error")), \(count(counts.warnings, "warning")), \(counts.infos) info in "
            + "\(count(messages, "message")) (\(count(files, "file")))"
    }

    /// Whether a finding of this severity fails the gate.
    func fails(_ severity: Severity) -> Bool { severity >= failOn }
}

/// A `validate` output format, in two halves so that documents are rendered on the
/// worker threads that inspect them. `render` turns one document into a fragment on its
/// own, without looking at any other document; it runs concurrently on the workers, so
/// it reads only settings fixed when the renderer was made, never the state `add`
/// changes. `add` joins the fragments on the main thread, in input order (commas between
/// JSON objects, a file's header before its first finding, a suite's counts), and
/// `finish` writes the summary.
protocol ValidateRenderer {
    associatedtype Fragment
    func render(_ document: ValidatedDocument) -> Fragment
    /// `render` and the severity counts of a document whose findings need nothing changed
    /// (no severity is overridden), read where the inspection left them, without a
    /// `ValidatedDocument`; nil to have one built (the default, and when the lists are out
    /// of position order). Runs on the workers, like `render`.
    func renderInPlace(_ document: borrowing InspectedDocument,
                       _ diagnostics: borrowing DocumentDiagnostics) -> RenderedDocument<Fragment>?
    mutating func add(_ fragment: Fragment)
    mutating func finish(_ summary: ValidateSummary)
}

extension ValidateRenderer {
    func renderInPlace(_ document: borrowing InspectedDocument,
                       _ diagnostics: borrowing DocumentDiagnostics) -> RenderedDocument<Fragment>? {
        nil
    }
}

extension ValidatedMessage {
    /// What a finding's pointer is relative to its message (`data/buttons/3`), for
    /// showing it under the message's own header.
    func relative(_ pointer: String) -> String {
        guard pointer.count > self.pointer.count, pointer.hasPrefix(self.pointer + "/") else { return "" }
        return String(pointer.dropFirst(self.pointer.count + 1))
    }
}
