import InboxModel

/// What `validate` does in this invocation as a whole: the command line laid over the
/// config file found from the working directory (or `--config`). `--fail-on` and
/// `--max-warnings` replace the config's values; the settings of each input are in
/// `FileSettings` (its own config and overrides), this run's are those of no path.
struct ValidateSettings {
    var profile: SDKProfile
    var minProfile: SDKProfile?
    var selection: RuleSelection
    var failOn: Severity
    var maxWarnings: Int?
    /// The config file used, if any.
    var configPath: String?
    /// `failOn` and `maxWarnings` with where they came from (`--show-settings`).
    var origins: [(setting: String, value: String, origin: String)]

    static func resolve(_ arguments: ParsedArguments, config file: ConfigFile?) throws -> ValidateSettings {
        try check(arguments.list("--select"), option: "--select")
        let ignore = arguments.list("--ignore")
        try check(ignore, option: "--ignore")
        for pattern in ignore.map { RuleCodePattern($0) } where RuleSelection.alwaysOn.contains(pattern.code) {
            throw UsageError(RuleSelection.cannotIgnore(pattern.code), command: "validate")
        }
        let base = try FileSettings.resolve(arguments, config: file, path: nil)
        let config = file?.config ?? InspectorConfig()
        let source = file.map { "config file \($0.path)" } ?? FileSettings.defaultOrigin
        var maxWarnings = (config.maxWarnings, config.maxWarnings == nil ? FileSettings.defaultOrigin : source)
        if let text = arguments.value("--max-warnings") {
            guard let number = Int(text), number >= 0 else {
                throw UsageError("invalid value '\(text)' for --max-warnings: expected a whole number ≥ 0", command: "validate")
            }
            maxWarnings = (number, "command line --max-warnings")
        }
        var failOn = (config.failOn ?? .error, config.failOn == nil ? FileSettings.defaultOrigin : source)
        if let text = arguments.value("--fail-on"), let severity = Severity(rawValue: text) {
            failOn = (severity, "command line --fail-on")
        }
        return ValidateSettings(
            profile: base.profile, minProfile: base.minProfile, selection: base.selection, failOn: failOn.0,
            maxWarnings: maxWarnings.0, configPath: file?.path,
            origins: [("failOn", failOn.0.rawValue, failOn.1),
                      ("maxWarnings", maxWarnings.0.map(String.init) ?? "none", maxWarnings.1)])
    }

    private static func check(_ patterns: [String], option: String) throws {
        for pattern in patterns {
            if let problem = RuleSelection.problem(with: pattern) {
                throw UsageError("\(problem) in \(option)", command: "validate")
            }
        }
    }

    /// Whether the run fails the gate: a finding at or above `failOn`, or more warnings
    /// than `maxWarnings`.
    func fails(_ counts: SeverityCounts) -> Bool {
        let failing: Int
        switch failOn {
        case .error: failing = counts.errors
        case .warning: failing = counts.errors + counts.warnings
        case .info: failing = counts.errors + counts.warnings + counts.infos
        }
        return failing > 0 || tooManyWarnings(counts)
    }

    func tooManyWarnings(_ counts: SeverityCounts) -> Bool {
        maxWarnings.map { counts.warnings > $0 } ?? false
    }
}

/// Findings counted by severity, after severity overrides.
struct SeverityCounts: Equatable {
    var errors = 0
    var warnings = 0
    var infos = 0

    mutating func add(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .info: infos += 1
        }
    }
}
