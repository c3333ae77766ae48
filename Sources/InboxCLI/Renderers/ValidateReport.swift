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

    /// Calls `body` with every finding, document-level first, without building an array.
    func forEachFinding(_ body: (Diagnostic) -> Void) {
        findings.forEach(body)
        for message in messages { message.findings.forEach(body) }
    }

    var isClean: Bool { findings.isEmpty && messages.allSatisfy { $0.findings.isEmpty } }
}

/// One message of a document with its findings, sorted by position. Where the message
/// is and how it is named are computed only when a format shows them (the JSON format
/// never does, and it is the one run on the largest inputs).
struct ValidatedMessage {
    var message: Message
    var findings: [Diagnostic]

    var pointer: String { message.pointer }
    var line: Int { message.position.line }
    var column: Int { message.position.column }

    /// The title, else the body, on one line: how a marketer recognises a message.
    var label: String? {
        guard let text = message.title?.nonEmpty ?? message.body?.nonEmpty else { return nil }
        return String(text.map { $0.isNewline ? " " : $0 })
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
