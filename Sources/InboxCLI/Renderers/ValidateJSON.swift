import InboxModel

/// `validate --format json`: the SPEC §8 contract,
/// `{"tool", "profile", "summary": {"files", "messages", "error", "warning", "info"}, "diagnostics"}`,
/// plus `"gate"` (the threshold and whether the run passed). Findings are in input order,
/// sorted by position within each document.
struct ValidateJSON: ValidateRenderer {
    var out: OutputBuffer
    private var diagnostics: [JSONOut] = []

    init(out: OutputBuffer) {
        self.out = out
    }

    mutating func add(_ document: ValidatedDocument) {
        diagnostics += ValidateJSON.sorted(document.allFindings).map(JSONOut.diagnostic)
    }

    mutating func finish(_ summary: ValidateSummary) {
        out.line(JSONOut.object([
            ("tool", .tool()), ("profile", .string(summary.profile.name)),
            ("summary", .object([
                ("files", .int(summary.files)), ("messages", .int(summary.messages)),
                ("error", .int(summary.counts.errors)), ("warning", .int(summary.counts.warnings)),
                ("info", .int(summary.counts.infos)),
            ])),
            ("gate", .object([
                ("failOn", .string(summary.failOn.rawValue)),
                ("maxWarnings", summary.maxWarnings.map(JSONOut.int) ?? .null),
                ("passed", .bool(!summary.failed)),
            ])),
            ("diagnostics", .array(diagnostics)),
        ]).serialized())
    }

    /// By line, then column; stable for findings at the same place.
    static func sorted(_ findings: [Diagnostic]) -> [Diagnostic] {
        findings.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
            .map(\.element)
    }
}
