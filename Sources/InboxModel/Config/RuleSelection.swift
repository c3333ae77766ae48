/// Which rules run and at what severity, from `select`, `ignore` and `severity`
/// (config file and command line), each a list of `RuleCodePattern`s. When a code matches
/// both a `select` and an `ignore` pattern, the longer (more specific) pattern decides,
/// and `ignore` wins a tie.
public struct RuleSelection: Sendable {
    /// Patterns of rules to run; empty means every rule.
    public var select: [RuleCodePattern]
    /// Patterns of rules not to run.
    public var ignore: [RuleCodePattern]
    /// Severity overrides by pattern; the longest matching pattern wins (never for `alwaysOn`).
    public var severities: [(pattern: RuleCodePattern, severity: Severity)]

    /// Rules that cannot be switched off: without them a file that is not readable
    /// JSON would pass the gate unchecked. A list, not a `Set`: a set of a type of the
    /// program makes the runtime search its conformances for `Hashable` at start-up.
    public static let alwaysOn: [RuleCode] = ["IK001", "IK005", "IK006"]

    public init(select: [RuleCodePattern] = [], ignore: [RuleCodePattern] = [],
                severities: [(pattern: RuleCodePattern, severity: Severity)] = []) {
        self.select = select
        self.ignore = ignore
        self.severities = severities
    }

    /// Whether the rule with `code` runs.
    public func isEnabled(_ code: RuleCode) -> Bool {
        if Self.alwaysOn.contains(code) { return true }
        let selected = select.isEmpty ? 0 : Self.longestMatch(of: code, in: select)
        guard let selected else { return false }
        guard let ignored = Self.longestMatch(of: code, in: ignore) else { return true }
        return selected > ignored
    }

    /// Whether any severity is overridden (most runs: none, and findings keep theirs).
    public var hasSeverityOverrides: Bool { !severities.isEmpty }

    /// The severity a finding of `code` is reported with.
    public func severity(of code: RuleCode, default original: Severity) -> Severity {
        if Self.alwaysOn.contains(code) { return original } // a prefix such as ALL or IK0 leaves them errors
        var best: (length: Int, severity: Severity)?
        for entry in severities where entry.pattern.matches(code) {
            let length = entry.pattern.specificity
            if length >= best?.length ?? -1 { best = (length, entry.severity) }
        }
        return best?.severity ?? original
    }

    /// The rules of `rules` that run.
    public func filter(_ rules: [any Rule]) -> [any Rule] {
        rules.filter { isEnabled($0.ruleCode) }
    }

    /// Why a pattern as written is not usable (no rule has that code or prefix), with the
    /// closest code as a suggestion; nil when it is fine.
    public static func problem(with pattern: String, codes: [RuleCode] = RuleCatalogue.all.map(\.ruleCode)) -> String? {
        RuleCodePattern(pattern).problem(among: codes)
    }

    static func longestMatch(of code: RuleCode, in patterns: [RuleCodePattern]) -> Int? {
        patterns.filter { $0.matches(code) }.map(\.specificity).max()
    }
}

extension RuleSelection {
    /// Why an always-on rule cannot be ignored, for messages.
    public static func cannotIgnore(_ code: RuleCode) -> String {
        "\(code) cannot be ignored: a file that is not readable JSON cannot be checked at all"
    }

    /// Why an always-on rule cannot be given a lower severity, for messages.
    public static func cannotDowngrade(_ code: RuleCode) -> String {
        "\(code) cannot be lowered below error: a file that is not readable JSON cannot pass the gate"
    }
}
