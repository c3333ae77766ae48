import InboxModel

/// `validate`: every rule over every message; the exit code gates CI.
enum ValidateCommand {
    static let spec = CommandSpec(
        name: "validate", abstract: "Check payloads against every rule; exit 1 on findings (for CI)",
        usage: "inbox-inspector validate [options] [PATH...]",
        discussion: "Exit code 1 when a finding is at or above --fail-on, 2 for a usage error or unreadable path.",
        options: [
            CommonOptions.format(["text", "json"]),
            OptionSpec.value("--fail-on", "SEVERITY", "Lowest severity that fails the run",
                             choices: Severity.allCases.map(\.rawValue), default: "error"),
        ] + CommonOptions.reading,
        takesPaths: true)

    static let command = Command(spec: spec) { arguments, console in
        let invocation = Invocation(arguments, console: console)
        let failOn = arguments.value("--fail-on").flatMap(Severity.init(rawValue:)) ?? .error
        let pipeline = InputPipeline(invocation: invocation, console: console, analyzer: Analyzer())
        let style = invocation.style
        var all: [Diagnostic] = []
        var lastSource: String?
        let json = invocation.format == "json"
        let result = try pipeline.run { _, diagnostics in
            let findings = diagnostics.all.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            if json {
                all += findings
                return
            }
            for finding in findings {
                if finding.source != lastSource {
                    if lastSource != nil { console.out.line() }
                    console.out.line(style.bold(finding.source))
                    lastSource = finding.source
                }
                console.out.line(FindingText.line(finding, style: style))
            }
        }
        let totals = result.totals
        if json {
            console.out.line(JSONOut.object([
                ("tool", .tool()), ("profile", .string(invocation.profile.name)),
                ("summary", .object([("files", .int(totals.files)), ("messages", .int(totals.messages)),
                                     ("error", .int(totals.errors)), ("warning", .int(totals.warnings)),
                                     ("info", .int(totals.infos))])),
                ("diagnostics", .array(all.map(JSONOut.diagnostic))),
            ]).serialized())
        } else {
            if lastSource != nil { console.out.line() }
            console.out.line(summary(totals))
        }
        if result.pathFailed { return ExitCode.usage }
        let failing: Int
        switch failOn {
        case .error: failing = totals.errors
        case .warning: failing = totals.errors + totals.warnings
        case .info: failing = totals.errors + totals.warnings + totals.infos
        }
        return failing > 0 ? ExitCode.findings : ExitCode.success
    }

    /// `N errors, N warnings, N info in N messages (N files)`.
    static func summary(_ totals: Totals) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(count(totals.errors, "error")), \(count(totals.warnings, "warning")), \(totals.infos) info in "
            + "\(count(totals.messages, "message")) (\(count(totals.files, "file")))"
    }
}
