import InboxModel

/// What `validate` does in this invocation: the command line laid over the config file.
/// `--sdk`, `--min-sdk`, `--fail-on`, `--max-warnings` and `--select` replace the
/// config's values; `--ignore` adds to the config's `ignore`.
struct ValidateSettings {
    var profile: SDKProfile
    var minProfile: SDKProfile?
    var selection: RuleSelection
    var exclude: [PathGlob]
    var failOn: Severity
    var maxWarnings: Int?
    /// The config file used, if any.
    var configPath: String?

    static func resolve(_ arguments: ParsedArguments, config file: ConfigFile?) throws -> ValidateSettings {
        let config = file?.config ?? InspectorConfig()
        let chosen = arguments.value("--sdk").flatMap(SDKProfile.named) ?? config.profile
        let profile = chosen ?? .standard
        let minProfile = arguments.value("--min-sdk").flatMap(SDKProfile.named) ?? config.minProfile
        // The comparison always runs up to the guide; only a profile chosen on purpose can
        // be older than its start.
        if let minProfile, let chosen, minProfile.rank > chosen.rank {
            throw UsageError("--min-sdk \(minProfile.name) is newer than --sdk \(profile.name)", command: "validate")
        }
        let select = arguments.list("--select")
        let ignore = arguments.list("--ignore")
        try check(select, option: "--select")
        try check(ignore, option: "--ignore")
        for code in ignore where RuleSelection.alwaysOn.contains(code.uppercased()) {
            throw UsageError(RuleSelection.cannotIgnore(code.uppercased()), command: "validate")
        }
        var maxWarnings = config.maxWarnings
        if let text = arguments.value("--max-warnings") {
            guard let number = Int(text), number >= 0 else {
                throw UsageError("invalid value '\(text)' for --max-warnings: expected a whole number ≥ 0", command: "validate")
            }
            maxWarnings = number
        }
        let selection = RuleSelection(select: select.isEmpty ? (config.select ?? []) : select,
                                      ignore: config.ignore + ignore, severities: config.severities)
        return ValidateSettings(
            profile: profile, minProfile: minProfile, selection: selection, exclude: config.exclude,
            failOn: arguments.value("--fail-on").flatMap(Severity.init(rawValue:)) ?? config.failOn ?? .error,
            maxWarnings: maxWarnings, configPath: file?.path)
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
