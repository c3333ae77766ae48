import InboxModel

/// `validate --format json`: the SPEC §8 contract,
/// `{"tool", "profile", "diagnostics", "summary": {"files", "messages", "error", "warning", "info"}}`,
/// plus `"gate"` (the threshold and whether the run passed). Findings are in input order,
/// sorted by position within each document.
///
/// The diagnostics are written as each document is checked and the summary comes last,
/// so memory stays bounded however many findings a large input has.
struct ValidateJSON: ValidateRenderer {
    var out: OutputBuffer
    private var profile: SDKProfile
    private var started = false
    private var written = 0

    init(out: OutputBuffer, profile: SDKProfile) {
        self.out = out
        self.profile = profile
    }

    private mutating func start() {
        guard !started else { return }
        started = true
        let tool = JSONOut.tool().serialized().replacingOccurrences(of: "\n", with: "\n  ")
        out.write("{\n  \"tool\": \(tool),\n  \"profile\": \(JSONText.quote(profile.name)),\n  \"diagnostics\": [")
    }

    mutating func add(_ document: ValidatedDocument) {
        start()
        guard !document.isClean else { return }
        let findings = ValidateJSON.sorted(document.allFindings)
        var count = written
        out.append { bytes in
            for finding in findings {
                if count > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(0x0A)
                bytes.append(contentsOf: [0x20, 0x20, 0x20, 0x20])
                DiagnosticJSON.append(finding, to: &bytes)
                count += 1
            }
        }
        written = count
    }

    mutating func finish(_ summary: ValidateSummary) {
        start()
        out.write(written > 0 ? "\n  ],\n" : "],\n")
        let tail = JSONOut.object([
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
        ]).serialized()
        // The tail's members, re-indented as members of the outer object.
        let members = tail.dropFirst(2).dropLast(2)
        out.line(String(members) + "\n}")
    }

    /// By line, then column; stable for findings at the same place. Most lists arrive
    /// sorted already, and are returned as they are.
    static func sorted(_ findings: [Diagnostic]) -> [Diagnostic] {
        let inOrder = zip(findings, findings.dropFirst()).allSatisfy { ($0.line, $0.column) <= ($1.line, $1.column) }
        if inOrder { return findings }
        return findings.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
            .map(\.element)
    }
}
