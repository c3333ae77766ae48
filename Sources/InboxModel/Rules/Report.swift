/// Collects the diagnostics that rules produce for one input. Diagnostics are built
/// from the value (or parser issue) they are about, so positions are never guessed.
///
/// Messages arrive as `Phrase`s: a rule's interpolated literal is built as bytes and
/// made a `String` once here, rather than through `String` interpolation and `+`.
public struct Report: Sendable {
    public var source: String
    public private(set) var diagnostics: [Diagnostic] = []

    public init(source: String) {
        self.source = source
    }

    public mutating func add(_ rule: RuleDescription, at value: JSONValue, _ message: Phrase) {
        reserveOnFirst()
        diagnostics.append(Diagnostic(code: rule.code, severity: rule.severity, message: message.text, source: source,
                                      pointer: value.pointer, position: value.position))
    }

    public mutating func add(_ rule: RuleDescription, issue: JSONIssue, _ message: Phrase? = nil) {
        diagnostics.append(Diagnostic(code: rule.code, severity: rule.severity, message: message?.text ?? issue.message,
                                      source: source, pointer: issue.pointer, position: issue.position))
    }

    /// Most messages that have a finding have a few: room for four at the first one,
    /// rather than growing the array from one to two to four.
    private mutating func reserveOnFirst() {
        if diagnostics.capacity == 0 { diagnostics.reserveCapacity(4) }
    }

    /// For findings about a whole input with no value to point at (an empty file).
    public mutating func add(_ rule: RuleDescription, line: Int, _ message: Phrase) {
        diagnostics.append(Diagnostic(code: rule.code, severity: rule.severity, message: message.text, source: source,
                                      pointer: "", line: line, column: 1))
    }
}
