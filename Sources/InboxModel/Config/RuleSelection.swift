/// Which rules run and at what severity, from `select`, `ignore` and `severity`
/// (config file and command line). Patterns are rule codes or code prefixes, as in ruff:
/// `IK6` is the buttons family, `IK60` the codes IK600–IK609, `ALL` every rule. When a
/// code matches both a `select` and an `ignore` pattern, the longer (more specific)
/// pattern decides, and `ignore` wins a tie.
public struct RuleSelection: Sendable {
    /// Patterns of rules to run; empty means every rule.
    public var select: [String]
    /// Patterns of rules not to run.
    public var ignore: [String]
    /// Severity overrides by pattern; the longest matching pattern wins (never for `alwaysOn`).
    public var severities: [(pattern: String, severity: Severity)]

    /// Rules that cannot be switched off: without them a file that is not readable
    /// JSON would pass the gate unchecked.
    public static let alwaysOn: Set<String> = ["IK001", "IK005", "IK006"]

    public init(select: [String] = [], ignore: [String] = [], severities: [(pattern: String, severity: Severity)] = []) {
        self.select = select.map(Self.normalised)
        self.ignore = ignore.map(Self.normalised)
        self.severities = severities.map { (Self.normalised($0.pattern), $0.severity) }
    }

    /// Whether the rule with `code` runs.
    public func isEnabled(_ code: String) -> Bool {
        if Self.alwaysOn.contains(code) { return true }
        let selected = select.isEmpty ? 0 : Self.longestMatch(of: code, in: select)
        guard let selected else { return false }
        guard let ignored = Self.longestMatch(of: code, in: ignore) else { return true }
        return selected > ignored
    }

    /// Whether any severity is overridden (most runs: none, and findings keep theirs).
    public var hasSeverityOverrides: Bool { !severities.isEmpty }

    /// The severity a finding of `code` is reported with.
    public func severity(of code: String, default original: Severity) -> Severity {
        if Self.alwaysOn.contains(code) { return original } // a prefix such as ALL or IK0 leaves them errors
        var best: (length: Int, severity: Severity)?
        for entry in severities where Self.matches(entry.pattern, code) {
            let length = Self.specificity(entry.pattern)
            if length >= best?.length ?? -1 { best = (length, entry.severity) }
        }
        return best?.severity ?? original
    }

    /// The rules of `rules` that run.
    public func filter(_ rules: [any Rule]) -> [any Rule] {
        rules.filter { isEnabled($0.code) }
    }

    /// Why a pattern is not usable (no rule has that code or prefix), with the closest
    /// code as a suggestion; nil when it is fine.
    public static func problem(with pattern: String, codes: [String] = RuleCatalogue.codes) -> String? {
        let upper = normalised(pattern)
        if upper == "ALL" || codes.contains(where: { $0.hasPrefix(upper) && !upper.isEmpty }) { return nil }
        var message = "unknown rule code '\(Excerpt.of(pattern))'"
        if let close = EditDistance.suggestion(for: upper, among: codes) { message += " (did you mean \(close)?)" }
        return message
    }

    static func normalised(_ pattern: String) -> String { pattern.uppercased() }

    static func matches(_ pattern: String, _ code: String) -> Bool {
        pattern == "ALL" || code.hasPrefix(pattern)
    }

    /// `ALL` is the least specific pattern; otherwise longer is more specific.
    static func specificity(_ pattern: String) -> Int { pattern == "ALL" ? 0 : pattern.count }

    static func longestMatch(of code: String, in patterns: [String]) -> Int? {
        patterns.filter { matches($0, code) }.map(specificity).max()
    }
}

extension RuleSelection {
    /// Why an always-on rule cannot be ignored, for messages.
    public static func cannotIgnore(_ code: String) -> String {
        "\(code) cannot be ignored: a file that is not readable JSON cannot be checked at all"
    }

    /// Why an always-on rule cannot be given a lower severity, for messages.
    public static func cannotDowngrade(_ code: String) -> String {
        "\(code) cannot be lowered below error: a file that is not readable JSON cannot pass the gate"
    }
}
