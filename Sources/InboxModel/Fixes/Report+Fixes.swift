import InboxCore

/// Findings with a fix: the check hands the fix over with the finding, and the report keeps
/// it only when it collects fixes (`Fixer`); otherwise the fix is never built, so a run
/// without `--fix` pays one test per finding of a fixable rule.
extension Report {
    /// Whether the checks' fixes are kept (a report made by `Fixer`).
    public var collectsFixes: Bool { proposedFixes != nil }

    public mutating func add(_ rule: RuleDescription, at value: JSONValue, _ message: consuming Phrase,
                             fix: @autoclosure () -> Fix?) {
        keep(fix, of: rule, at: value.pointer)
        add(rule, at: value, message)
    }

    public mutating func add(_ rule: RuleDescription, issue: JSONIssue, _ message: Phrase? = nil,
                             fix: @autoclosure () -> Fix?) {
        keep(fix, of: rule, at: issue.pointer)
        add(rule, issue: issue, message)
    }

    /// `pointer` is read only when the fix is kept (`@autoclosure`).
    private mutating func keep(_ fix: () -> Fix?, of rule: RuleDescription, at pointer: @autoclosure () -> String) {
        guard proposedFixes != nil, let fix = fix(), !fix.edits.isEmpty else { return }
        proposedFixes?.append(ProposedFix(code: rule.code, pointer: pointer(), fix: fix))
    }
}
