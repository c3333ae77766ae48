import InboxModel

/// One document's outcome, as every `validate` renderer receives it: findings already
/// filtered by the rule selection and carrying their final severity. Renderers only
/// show; they never decide what is wrong.
struct ValidatedDocument {
    var source: String
    var firstLine: Int
    /// Findings about the document itself (syntax errors, tokens, unknown shapes).
    var findings: [Diagnostic]
    var messages: [ValidatedMessage]

    var allFindings: [Diagnostic] { findings + messages.flatMap(\.findings) }
}

/// One message of a document with its findings, sorted by position.
struct ValidatedMessage {
    var pointer: String
    var line: Int
    var column: Int
    /// The title (else the body) the marketer wrote, to recognise the message by.
    var label: String?
    var findings: [Diagnostic]
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

    /// `N errors, N warnings, N info in N messages (N files)`.
    var line: String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(count(counts.errors, "error")), \(count(counts.warnings, "warning")), \(counts.infos) info in "
            + "\(count(messages, "message")) (\(count(files, "file")))"
    }

    /// Whether a finding of this severity fails the gate.
    func fails(_ severity: Severity) -> Bool { severity >= failOn }
}

/// A `validate` output format: fed each document in input order, then the summary.
protocol ValidateRenderer {
    mutating func add(_ document: ValidatedDocument)
    mutating func finish(_ summary: ValidateSummary)
}

extension ValidatedMessage {
    /// What a finding's pointer is relative to its message (`data/buttons/3`), for
    /// showing it under the message's own header.
    func relative(_ pointer: String) -> String {
        guard pointer.count > self.pointer.count, pointer.hasPrefix(self.pointer + "/") else { return "" }
        return String(pointer.dropFirst(self.pointer.count + 1))
    }
}
