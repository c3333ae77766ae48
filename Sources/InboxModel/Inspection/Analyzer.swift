/// Runs rules over inspected documents and attributes each diagnostic to the message it
/// is about, so `resolve` can show findings under their message and `validate` can count them.
public struct Analyzer: Sendable {
    public var rules: [any Rule] {
        didSet { checks = RuleChecks(rules) }
    }
    /// `rules`, prepared once for cheap calls: calling a rule through `any Rule` copies it
    /// out of its existential box every time, and `diagnose` calls every rule per message.
    private var checks: RuleChecks

    public init(rules: [any Rule] = RuleCatalogue.all) {
        self.rules = rules
        self.checks = RuleChecks(rules)
    }

    /// The findings of one document: those about no particular message, and those of each
    /// message in document order (same count as `document.messages`).
    public func diagnose(_ document: InspectedDocument) -> DocumentDiagnostics {
        var documentReport = Report(source: document.source)
        checks.check(document: document, into: &documentReport)
        var perMessage: [[Diagnostic]] = []
        perMessage.reserveCapacity(document.messages.count)
        for message in document.messages {
            var report = Report(source: document.source)
            checks.check(message: message, into: &report)
            perMessage.append(report.diagnostics)
        }
        // Document-level findings inside a message (a duplicate key in a notification)
        // belong to that message.
        var unattributed: [Diagnostic] = []
        for diagnostic in documentReport.diagnostics {
            if let index = Self.owner(of: diagnostic.pointer, in: document.messages) {
                perMessage[index].append(diagnostic)
            } else {
                unattributed.append(diagnostic)
            }
        }
        return DocumentDiagnostics(document: unattributed, messages: perMessage)
    }

    /// The message whose pointer is the longest prefix of `pointer`.
    static func owner(of pointer: String, in messages: [InspectedMessage]) -> Int? {
        var best: (index: Int, length: Int)?
        for (index, message) in messages.enumerated() {
            let prefix = message.message.pointer
            guard pointer == prefix || pointer.hasPrefix(prefix + "/") else { continue }
            if prefix.count >= (best?.length ?? -1) { best = (index, prefix.count) }
        }
        return best?.index
    }
}

/// Diagnostics of one document, split by what they are about.
public struct DocumentDiagnostics: Sendable {
    /// Findings about the document itself (syntax errors, empty input, unknown shapes).
    public var document: [Diagnostic]
    /// Findings of each message, parallel to `InspectedDocument.messages`.
    public var messages: [[Diagnostic]]

    public var all: [Diagnostic] { document + messages.flatMap { $0 } }
}
