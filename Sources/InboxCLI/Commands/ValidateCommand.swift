import Foundation
import InboxModel

/// `validate`: every rule over every message; the exit code gates CI.
enum ValidateCommand {
    static let formats = ["text", "json", "github", "sarif", "junit", "concise", "markdown"]

    static let spec = CommandSpec(
        name: "validate", abstract: "Check payloads against every rule; exit 1 on findings (for CI)",
        usage: "inbox-inspector validate [options] [PATH...]",
        discussion: """
            Exit code 1 when a finding is at or above --fail-on (or there are more warnings
            than --max-warnings), 2 for a usage error, a bad config file, an unreadable path,
            no input found (--allow-empty accepts that) or a report file that could not be
            written (--exit-zero turns 1 into 0).
            One run can write several formats: --format github --output-file
            sarif:report.sarif puts annotations on stdout and SARIF in report.sarif.
            Settings come from the .inbox-inspector.json nearest to each input, searched
            up to the repository's root (or --config FILE); options given here override
            them. CODE is a rule code or a prefix (IK6 = every button rule); see
            'inbox-inspector rules'.
            """,
        options: [
            CommonOptions.format(formats),
            OptionSpec.value("--fail-on", "SEVERITY", "Lowest severity that fails the run",
                             choices: Severity.allCases.map(\.rawValue), default: "error"),
            OptionSpec.value("--select", "CODE,...", "Run only these rules (codes or prefixes such as IK6)", repeatable: true),
            OptionSpec.value("--ignore", "CODE,...", "Do not run these rules (codes or prefixes)", repeatable: true),
            OptionSpec.value("--max-warnings", "N", "Fail when there are more than N warnings"),
            OptionSpec.value("--min-sdk", "PROFILE", "Also compare results from this SDK profile up to guide (IK206)",
                             choices: SDKProfile.all.map(\.name), aliases: Array(SDKProfile.aliases.keys)),
            OptionSpec.value("--config", "FILE",
                             "Config file for every input (default: each input's nearest .inbox-inspector.json)"),
            showSettings, verbose,
            OptionSpec.value("--output-file", "[FORMAT:]PATH",
                             "Write --format to PATH instead of stdout; FORMAT:PATH adds an output (- is stdout)",
                             repeatable: true),
            OptionSpec.flag("--exit-zero", "Exit 0 even when findings fail the gate (2 still means a usage error)"),
            OptionSpec.flag("--statistics", "Print the number of findings per rule instead of the findings"),
            OptionSpec.value("--baseline", "FILE", "Report only findings that FILE (from --write-baseline) does not hold"),
            OptionSpec.value("--write-baseline", "FILE", "Record every finding of this run in FILE, and exit 0"),
            ExtensionOptions.plist, ExtensionOptions.aspectRatio,
        ] + FixOptions.all + CommonOptions.reading,
        takesPaths: true)

    static let showSettings = OptionSpec.flag("--show-settings",
                                              "Print the settings in effect for each PATH and where each came from, then exit")
    static let verbose = OptionSpec.flag("--verbose", "Say on stderr which config file applies to how many inputs")

    static let command = Command(spec: spec) { arguments, console in
        var locator: ConfigLocator
        let settings: ValidateSettings
        do {
            locator = try ConfigLocator(explicit: arguments.value("--config"))
            settings = try ValidateSettings.resolve(arguments, config: locator.config(for: locator.workingDirectory).file)
            if arguments.has(showSettings.name) {
                try SettingsReport.lines(arguments, run: settings, locator: &locator).forEach(console.out.line)
                locator.warnings.forEach(console.problem)
                return ExitCode.success
            }
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

        var inputs = try InputSet.gather(arguments, console: console)
        let perFile: InputSettings
        do {
            perFile = try InputSettings.assign(&inputs, arguments: arguments, locator: &locator)
        } catch let failure as ConfigLocator.Failure {
            console.problem(failure.message)
            return ExitCode.usage
        }
        locator.warnings.forEach(console.problem)
        if arguments.has(verbose.name) {
            console.problem("run settings (failOn, maxWarnings): " + (settings.configPath.map { "config \($0)" } ?? "no config file"))
            perFile.verboseLines.forEach(console.problem)
        }
        inputs.requireInput(allowEmpty: arguments.has(CommonOptions.allowEmpty.name), excluded: perFile.excluded.count,
                            excludedBy: perFile.excluded.first?.config)
        // Output options and the baseline are checked before `--fix` writes anything.
        let paths = SourcePath.current()
        let baseline = try arguments.value("--baseline").map { try loadBaseline($0, paths: paths) }
        let plan = try ValidateOutputs(arguments)
        var fixed: (count: Int, writeFailed: Bool)?
        if FixOptions.requested(arguments) || arguments.has(FixOptions.unsafeFixes.name), !inputs.files.isEmpty {
            // The files the check reads (walked, not excluded), standard input as `-`.
            var fixing = invocation
            fixing.arguments.paths = inputs.files.map { $0.isStdin ? "-" : $0.name }
            let run = try FixRun(invocation: fixing, rules: rules(settings.selection, invocation.inspection),
                                 settings: settings, console: console)
            switch try run.run() {
            case .finished(let code): return code
            case .fixed(let count, let writeFailed): fixed = (count, writeFailed)
            }
        }
        // Opened after the fixes: `--diff` ends the run before, and must not empty them.
        let outputs = try plan.open(console: console)
        // Recording a baseline accepts today's findings: it does not fail the run.
        let exitZero = arguments.has("--exit-zero") || arguments.value("--write-baseline") != nil
        let run = ValidateRun(invocation: invocation, settings: settings, console: console, inputs: inputs,
                              perFile: perFile.all,
                              extensionFindings: extensionFindings, baseline: baseline, exitZero: exitZero,
                              fixed: fixed?.count)
        let renderers = outputs.map { output -> any ValidateRenderer in
            var invocation = invocation
            // `--color auto` colours a terminal, never a file.
            if output.file != nil {
                invocation.style = Style(mode: arguments.value("--color") ?? "auto", console: console.writing(to: output.out))
            }
            return renderer(for: output.output.format, out: output.out, invocation: invocation, settings: settings, paths: paths)
        }
        var status = try renderers.count == 1 ? check(renderers[0], run: run)
            : check(with: ValidateRendererSet(renderers), run: run)
        if fixed?.writeFailed == true { status = ExitCode.usage }
        for failure in outputs.compactMap({ $0.file?.close() }) {
            console.problem("error: " + failure)
            status = ExitCode.usage
        }
        return status
    }

    /// A format's renderer, writing to `out`.
    private static func renderer(for format: String, out: OutputBuffer, invocation: Invocation,
                                 settings: ValidateSettings, paths: SourcePath) -> any ValidateRenderer {
        switch format {
        case "json": return ValidateJSON(out: out, profile: invocation.profile, rendersInTurn: invocation.jobs <= 1)
        case "github": return ValidateGitHub(out: out)
        case "sarif": return ValidateSARIF(out: out, paths: paths)
        case "junit": return ValidateJUnit(out: out, failOn: settings.failOn)
        case "concise": return ValidateConcise(out: out, quiet: invocation.quiet)
        case "markdown": return ValidateMarkdown(out: out, failOn: settings.failOn)
        case ValidateOutputs.statistics, ValidateOutputs.statisticsJSON:
            return ValidateStatistics(out: out, failOn: settings.failOn, json: format == ValidateOutputs.statisticsJSON)
        case ValidateOutputs.baseline: return ValidateBaselineWriter(out: out, paths: paths)
        default: return ValidateText(out: out, style: invocation.style, quiet: invocation.quiet)
        }
    }

    /// `check` with the renderer's concrete type: each of the long-standing formats is its
    /// own instance of `check`, compiled for that renderer, so the per-document hand-over
    /// runs without generic indirection.
    private static func check(_ renderer: any ValidateRenderer, run: ValidateRun) throws -> Int32 {
        switch renderer {
        case let json as ValidateJSON: return try check(with: json, run: run)
        case let text as ValidateText: return try check(with: text, run: run)
        case let github as ValidateGitHub: return try check(with: github, run: run)
        case let sarif as ValidateSARIF: return try check(with: sarif, run: run)
        case let junit as ValidateJUnit: return try check(with: junit, run: run)
        default: return try check(with: renderer, run: run)
        }
    }

    private static func loadBaseline(_ path: String, paths: SourcePath) throws -> FindingBaseline {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read baseline '\(path)' (write one with --write-baseline \(path))")
        }
        return try FindingBaseline.load(path, bytes: Array(bytes), paths: paths)
    }

    /// Runs the rules over the inputs and renders with `renderer`. Each document is
    /// checked and rendered on a worker (`ValidateRenderer.render`); this thread only
    /// joins the fragments in input order and adds up the counts. With a baseline, the
    /// known findings are taken out on this thread, in input order, and the document is
    /// rendered here after that.
    private static func check<Renderer: ValidateRenderer>(with renderer: Renderer, run: ValidateRun) throws -> Int32 {
        var renderer = renderer
        let layout = renderer // what the workers render with; `render` reads no joining state
        let invocation = run.invocation, settings = run.settings
        let selection = settings.selection
        let selections = run.perFile.map(\.selection)
        // Read per document as a flag: taking the selection out of its list copied its three lists.
        let keepsAnalyzerOrder = selections.map { !$0.hasSeverityOverrides }
        var counts = SeverityCounts()
        let processing = run.perFile.map { file -> FileProcessing in
            var inspection = invocation.inspection
            inspection.profile = file.profile
            inspection.minProfile = file.minProfile
            return FileProcessing(inspection: inspection,
                                  analyzer: Analyzer(rules: rules(file.selection, inspection), ordersByPosition: true))
        }
        let pipeline = InputPipeline(invocation: invocation, console: run.console, analyzer: Analyzer(), inputs: run.inputs,
                                     fileSettings: processing)
        let result: PipelineOutcome
        if let baseline = run.baseline {
            result = try pipeline.run(prepare: { document, diagnostics, index in
                validatedDocument(taking: &document, &diagnostics, selection: selections[index])
            }, deliver: { validated in
                let new = baseline.removeKnown(from: validated)
                counts.add(new.severityCounts)
                renderer.add(layout.render(new))
            })
        } else {
            result = try pipeline.run(prepare: { document, diagnostics, index -> RenderedDocument<Renderer.Fragment> in
                // Without severity overrides the analyzer's sorted lists are what renderers show.
                if keepsAnalyzerOrder[index], let rendered = layout.renderInPlace(document, diagnostics) {
                    return rendered
                }
                let validated = validatedDocument(taking: &document, &diagnostics, selection: selections[index])
                return RenderedDocument(fragment: layout.render(validated), counts: validated.severityCounts)
            }, deliver: { rendered in
                counts.add(rendered.counts)
                renderer.add(rendered.fragment)
            })
        }
        var files = result.totals.files
        let messages = result.totals.messages
        let unreadable = result.unreadable
        if let plist = invocation.arguments.value(ExtensionOptions.plist.name) {
            let findings = run.extensionFindings.filter { selection.isEnabled($0.ruleCode) }
            var validated = ValidatedDocument(source: plist, firstLine: 1,
                                              findings: overridden(findings, selection), messages: .none)
            if let baseline = run.baseline { validated = baseline.removeKnown(from: validated) }
            counts.add(validated.severityCounts)
            renderer.add(layout.render(validated))
            files += 1
        }
        var summary = ValidateSummary(profile: settings.profile, files: files, messages: messages, counts: counts,
                                      failOn: settings.failOn, maxWarnings: settings.maxWarnings,
                                      failed: settings.fails(counts), unreadable: unreadable,
                                      arguments: invocation.arguments.commandLine, fixed: run.fixed)
        summary.baselined = run.baseline?.hidden
        summary.exitCode = !unreadable.isEmpty ? ExitCode.usage
            : summary.failed && !run.exitZero ? ExitCode.findings : ExitCode.success
        renderer.finish(summary)
        return summary.exitCode
    }

    /// The selected rules, with IK206 set up for the `--min-sdk` range.
    static func rules(_ selection: RuleSelection, _ options: InspectionOptions) -> [any Rule] {
        selection.filter(RuleCatalogue.all).map { rule -> any Rule in
            rule is ProfileDifference ? ProfileDifference(options: options) : rule
        }
    }

    /// The findings of one document as renderers receive them: severity overrides applied,
    /// sorted by position, attached to their message. Runs on the workers for every
    /// document of every format but one: `--format json` renders a document whose
    /// findings need no override and are in order straight from the analyzer's lists
    /// (`FindingLists`), and comes here only otherwise. When no override applies and the
    /// lists are sorted already the analyzer's arrays are passed on as they are.
    ///
    /// The lists and the source name are moved out of `document` and `diagnostics` (which
    /// the pipeline frees next) rather than copied.
    static func validatedDocument(taking document: inout InspectedDocument, _ diagnostics: inout DocumentDiagnostics,
                                  selection: RuleSelection) -> ValidatedDocument {
        var messageFindings: [[Diagnostic]] = []
        swap(&messageFindings, &diagnostics.messages)
        // The analyzer sorted each message's list (`ordersByPosition`, set in `check`), so
        // without a severity to override they are passed on unread.
        if selection.hasSeverityOverrides {
            // Read in place, so no list is taken out of the array (and retained) to look at it.
            let firstChanged: Int?
            do {
                let lists = messageFindings.span
                firstChanged = lists.indices.first { needsChange(lists[$0], selection) }
            }
            if let first = firstChanged {
                for index in first..<messageFindings.count {
                    messageFindings[index] = overridden(messageFindings[index], selection)
                }
            }
        }
        var findings: [Diagnostic] = []
        swap(&findings, &diagnostics.document)
        return ValidatedDocument(source: document.takeSource(), firstLine: document.firstLine,
                                 findings: overridden(findings, selection),
                                 messages: ValidatedMessages(inspected: document.takeMessages(), findings: messageFindings),
                                 excerpt: document.parseIssue?.excerpt)
    }

    /// Findings with the config's severity overrides applied, sorted by position. The same
    /// array when nothing changes. The list is taken owned, so when returned as it is it
    /// is moved through.
    static func overridden(_ findings: __owned [Diagnostic], _ selection: RuleSelection) -> [Diagnostic] {
        guard needsChange(findings, selection) else { return findings }
        var findings = findings
        if selection.hasSeverityOverrides {
            for index in findings.indices {
                findings[index].severity = selection.severity(of: findings[index].ruleCode, default: findings[index].severity)
            }
        }
        return PositionOrder.sorted(findings)
    }

    /// Whether `overridden` would change the list: a severity to override, or findings out of order.
    private static func needsChange(_ findings: [Diagnostic], _ selection: RuleSelection) -> Bool {
        // Fewer than two findings (most lists) are in order: told by the count alone, before
        // anything walks the list.
        let overrides = selection.hasSeverityOverrides
        guard overrides || findings.count > 1 else { return false }
        if overrides,
           findings.contains(where: { selection.severity(of: $0.ruleCode, default: $0.severity) != $0.severity }) {
            return true
        }
        return !PositionOrder.isSorted(findings)
    }
}

/// One document as a worker leaves it for the main thread: its rendered output and how
/// many findings of each severity it has. (A struct, not a tuple: see `Processed`.)
struct RenderedDocument<Fragment> {
    var fragment: Fragment
    var counts: SeverityCounts
}

/// What one `validate` run reads, besides its renderer.
struct ValidateRun {
    var invocation: Invocation
    var settings: ValidateSettings
    var console: Console
    /// The files to check, and the paths that failed before reading.
    var inputs: InputSet
    /// Each file's settings, by `InputFile.settings`.
    var perFile: [FileSettings]
    var extensionFindings: [Diagnostic]
    var baseline: FindingBaseline?
    /// `--exit-zero` (or `--write-baseline`): findings that fail the gate do not set exit code 1.
    var exitZero: Bool
    /// How many findings `--fix` fixed before the run (nil without `--fix`).
    var fixed: Int?
}
