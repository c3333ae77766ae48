import InboxModel

/// `validate`: every rule over every message; the exit code gates CI.
enum ValidateCommand {
    static let formats = ["text", "json", "github", "sarif", "junit"]

    static let spec = CommandSpec(
        name: "validate", abstract: "Check payloads against every rule; exit 1 on findings (for CI)",
        usage: "inbox-inspector validate [options] [PATH...]",
        discussion: """
            Exit code 1 when a finding is at or above --fail-on (or there are more warnings
            than --max-warnings), 2 for a usage error, a bad config file or an unreadable path.
            Settings come from .inbox-inspector.json in the working directory or above it
            (or --config FILE); options given here override them. CODE is a rule code or a
            prefix (IK6 = every button rule); see 'inbox-inspector rules'.
            """,
        options: [
            CommonOptions.format(formats),
            OptionSpec.value("--fail-on", "SEVERITY", "Lowest severity that fails the run",
                             choices: Severity.allCases.map(\.rawValue), default: "error"),
            OptionSpec.value("--select", "CODE,...", "Run only these rules (codes or prefixes such as IK6)", repeatable: true),
            OptionSpec.value("--ignore", "CODE,...", "Do not run these rules (codes or prefixes)", repeatable: true),
            OptionSpec.value("--max-warnings", "N", "Fail when there are more than N warnings"),
            OptionSpec.value("--min-sdk", "PROFILE", "Also compare results from this SDK profile up to latest (IK206)",
                             choices: SDKProfile.all.map(\.name)),
            OptionSpec.value("--config", "FILE", "Config file (default: .inbox-inspector.json found upwards)"),
            ExtensionOptions.plist, ExtensionOptions.aspectRatio,
        ] + CommonOptions.reading,
        takesPaths: true)

    static let command = Command(spec: spec) { arguments, console in
        let settings: ValidateSettings
        do {
            let config = try ConfigLocator.load(explicit: arguments.value("--config"))
            settings = try ValidateSettings.resolve(arguments, config: config)
        } catch let failure as ConfigLocator.Failure {
            console.problem(failure.message)
            return ExitCode.usage
        }
        var invocation = Invocation(arguments, console: console)
        invocation.profile = settings.profile
        invocation.inspection.profile = settings.profile
        invocation.inspection.minProfile = settings.minProfile
        // Read before any output, so an unreadable plist is a usage error with nothing printed.
        let extensionFindings = try ExtensionCheck.diagnostics(arguments: arguments, console: console, command: spec.name)

        let exclusion = InputExclusion.apply(settings.exclude, to: arguments.paths, forceNDJSON: arguments.has("--ndjson"))
        invocation.arguments.paths = exclusion.paths
        var renderer = makeRenderer(invocation, settings: settings, console: console)
        var counts = SeverityCounts()
        var files = 0
        var messages = 0
        var pathFailed = false
        if !exclusion.everythingExcluded {
            let analyzer = Analyzer(rules: rules(settings.selection, invocation.inspection))
            let pipeline = InputPipeline(invocation: invocation, console: console, analyzer: analyzer)
            let result = try pipeline.run { document, diagnostics in
                let validated = validatedDocument(document, diagnostics, selection: settings.selection)
                validated.forEachFinding { counts.add($0.severity) }
                renderer.add(validated)
            }
            files = result.totals.files
            messages = result.totals.messages
            pathFailed = result.pathFailed
        }
        if let plist = arguments.value(ExtensionOptions.plist.name) {
            let findings = extensionFindings.filter { settings.selection.isEnabled($0.code) }
            let validated = ValidatedDocument(source: plist, firstLine: 1,
                                              findings: overridden(findings, settings.selection), messages: [])
            for finding in validated.findings { counts.add(finding.severity) }
            renderer.add(validated)
            files += 1
        }
        let summary = ValidateSummary(profile: settings.profile, files: files, messages: messages, counts: counts,
                                      failOn: settings.failOn, maxWarnings: settings.maxWarnings,
                                      failed: settings.fails(counts))
        renderer.finish(summary)
        if pathFailed { return ExitCode.usage }
        return summary.failed ? ExitCode.findings : ExitCode.success
    }

    /// The selected rules, with IK206 set up for the `--min-sdk` range.
    static func rules(_ selection: RuleSelection, _ options: InspectionOptions) -> [any Rule] {
        selection.filter(RuleCatalogue.all).map { rule -> any Rule in
            rule is ProfileDifference ? ProfileDifference(options: options) : rule
        }
    }

    static func makeRenderer(_ invocation: Invocation, settings: ValidateSettings, console: Console) -> any ValidateRenderer {
        switch invocation.format {
        case "json": return ValidateJSON(out: console.out, profile: invocation.profile)
        case "github": return ValidateGitHub(out: console.out)
        case "sarif": return ValidateSARIF(out: console.out)
        case "junit": return ValidateJUnit(out: console.out, failOn: settings.failOn)
        default: return ValidateText(out: console.out, style: invocation.style, quiet: invocation.quiet)
        }
    }

    /// The findings of one document as renderers receive them: severity overrides applied,
    /// sorted by position, attached to their message.
    static func validatedDocument(_ document: InspectedDocument, _ diagnostics: DocumentDiagnostics,
                                  selection: RuleSelection) -> ValidatedDocument {
        func final(_ findings: [Diagnostic]) -> [Diagnostic] { overridden(findings, selection) }
        let messages = zip(document.messages, diagnostics.messages).map { inspected, findings in
            ValidatedMessage(message: inspected.message, findings: final(findings))
        }
        return ValidatedDocument(source: document.source, firstLine: document.firstLine,
                                 findings: final(diagnostics.document), messages: messages)
    }

    /// Findings with the config's severity overrides applied, sorted by position.
    static func overridden(_ findings: [Diagnostic], _ selection: RuleSelection) -> [Diagnostic] {
        guard selection.hasSeverityOverrides else { return ValidateJSON.sorted(findings) }
        return ValidateJSON.sorted(findings.map { finding in
            var finding = finding
            finding.severity = selection.severity(of: finding.code, default: finding.severity)
            return finding
        })
    }
}
