import InboxModel

/// `validate`: every rule over every message; the exit code gates CI.
enum ValidateCommand {
    static let formats = ["text", "json", "github", "sarif", "junit"]

    static let spec = CommandSpec(
        name: "validate", abstract: "Check payloads against every rule; exit 1 on findings (for CI)",
        usage: "inbox-inspector validate [options] [PATH...]",
        discussion: """
            Exit code 1 when a finding is at or above --fail-on (or there are more warnings
            than --max-warnings), 2 for a usage error, a bad config file, an unreadable
            path or no input found (--allow-empty accepts that).
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
            showSettings, verbose, ExtensionOptions.plist, ExtensionOptions.aspectRatio,
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
        // Each format is its own instance of `check`, compiled for that renderer, so the
        // per-document hand-over runs without generic indirection.
        func check<Renderer: ValidateRenderer>(_ renderer: Renderer) throws -> Int32 {
            let code = try ValidateCommand.check(with: renderer, invocation: invocation, settings: settings,
                                                 console: console, inputs: inputs, perFile: perFile.all,
                                                 extensionFindings: extensionFindings, fixed: fixed?.count)
            return fixed?.writeFailed == true ? ExitCode.usage : code
        }
        switch invocation.format {
        case "json":
            return try check(ValidateJSON(out: console.out, profile: invocation.profile,
                                          rendersInTurn: invocation.jobs <= 1))
        case "github": return try check(ValidateGitHub(out: console.out))
        case "sarif": return try check(ValidateSARIF(out: console.out))
        case "junit": return try check(ValidateJUnit(out: console.out, failOn: settings.failOn))
        default: return try check(ValidateText(out: console.out, style: invocation.style, quiet: invocation.quiet))
        }
    }

    /// Runs the rules over the inputs and renders with `renderer`. Each document is
    /// checked and rendered on a worker (`ValidateRenderer.render`); this thread only
    /// joins the fragments in input order and adds up the counts.
    private static func check<Renderer: ValidateRenderer>(
        with renderer: Renderer, invocation: Invocation, settings: ValidateSettings, console: Console,
        inputs: InputSet, perFile: [FileSettings], extensionFindings: [Diagnostic], fixed: Int?
    ) throws -> Int32 {
        var renderer = renderer
        let layout = renderer // what the workers render with; `render` reads no joining state
        let selections = perFile.map(\.selection)
        var counts = SeverityCounts()
        let processing = perFile.map { file -> FileProcessing in
            var inspection = invocation.inspection
            inspection.profile = file.profile
            inspection.minProfile = file.minProfile
            return FileProcessing(inspection: inspection,
                                  analyzer: Analyzer(rules: rules(file.selection, inspection), ordersByPosition: true))
        }
        let pipeline = InputPipeline(invocation: invocation, console: console, analyzer: Analyzer(), inputs: inputs,
                                     fileSettings: processing)
        let result = try pipeline.run(prepare: { document, diagnostics, index -> RenderedDocument<Renderer.Fragment> in
            let selection = selections[index]
            // Without severity overrides the analyzer's sorted lists are what renderers show.
            if !selection.hasSeverityOverrides, let rendered = layout.renderInPlace(document, diagnostics) { return rendered }
            let validated = validatedDocument(taking: &document, &diagnostics, selection: selection)
            return RenderedDocument(fragment: layout.render(validated), counts: validated.severityCounts)
        }, deliver: { rendered in
            counts.add(rendered.counts)
            renderer.add(rendered.fragment)
        })
        var files = result.totals.files
        if let plist = invocation.arguments.value(ExtensionOptions.plist.name) {
            let findings = extensionFindings.filter { settings.selection.isEnabled($0.code) }
            let validated = ValidatedDocument(source: plist, firstLine: 1,
                                              findings: overridden(findings, settings.selection), messages: .none)
            counts.add(validated.severityCounts)
            renderer.add(layout.render(validated))
            files += 1
        }
        let summary = ValidateSummary(profile: settings.profile, files: files, messages: result.totals.messages,
                                      counts: counts, failOn: settings.failOn, maxWarnings: settings.maxWarnings,
                                      failed: settings.fails(counts), inputFailures: result.failures, fixed: fixed)
        renderer.finish(summary)
        if result.pathFailed { return ExitCode.usage }
        return summary.failed ? ExitCode.findings : ExitCode.success
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
    /// lists are sorted already the analyzer's arrays are passed on as they are, without
    /// a copy.
    ///
    /// The lists and the source name are moved out of `document` and `diagnostics` (which
    /// the pipeline frees next) rather than copied: each copy was a retain, and a release
    /// when the rest was freed, for every document.
    static func validatedDocument(taking document: inout InspectedDocument, _ diagnostics: inout DocumentDiagnostics,
                                  selection: RuleSelection) -> ValidatedDocument {
        var messageFindings: [[Diagnostic]] = []
        swap(&messageFindings, &diagnostics.messages)
        // The analyzer sorted each message's list (`ordersByPosition`, set in `check`), so
        // without a severity to override they are passed on unread: looking at each list
        // again was a retain, a release and a walk of its findings per message.
        if selection.hasSeverityOverrides {
            // Read in place: taking each list out of the array to look was a retain and a release.
            let firstChanged = messageFindings.withUnsafeBufferPointer { lists in
                lists.indices.first { needsChange(lists[$0], selection) }
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
    /// array when nothing changes. The list is taken owned: returned as it is, it is moved
    /// through, not retained once more.
    static func overridden(_ findings: __owned [Diagnostic], _ selection: RuleSelection) -> [Diagnostic] {
        guard needsChange(findings, selection) else { return findings }
        var findings = findings
        if selection.hasSeverityOverrides {
            for index in findings.indices {
                findings[index].severity = selection.severity(of: findings[index].code, default: findings[index].severity)
            }
        }
        return PositionOrder.sorted(findings)
    }

    /// Whether `overridden` would change the list: a severity to override, or findings out of order.
    private static func needsChange(_ findings: [Diagnostic], _ selection: RuleSelection) -> Bool {
        // Fewer than two findings (most lists) are in order: told by the count alone, before
        // anything walks the list (which retained and released it).
        let overrides = selection.hasSeverityOverrides
        guard overrides || findings.count > 1 else { return false }
        if overrides,
           findings.contains(where: { selection.severity(of: $0.code, default: $0.severity) != $0.severity }) {
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
