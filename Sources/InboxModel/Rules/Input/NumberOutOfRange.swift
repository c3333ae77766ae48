/// IK008: a number no double can hold; the SDK would read it as infinity or fail.
public struct NumberOutOfRange: DocumentRule, MessageRule {
    public init() {}
    /// Its document check looks only at documents with parser warnings.
    public static let documentNeeds: DocumentFacts = [.parseWarnings]
    /// Its message check looks only at the problems of nested JSON strings.
    public static let needs: MessageFacts = [.nestedIssues]
    public let description = RuleDescription(
        code: "IK008", severity: .warning, title: "Number out of range",
        explanation: """
            A number is too large for a 64-bit floating point value (for example `1e999`). \
            Foundation on iOS either rejects it or turns it into infinity, so a duration, \
            a day count or a flag holding it does not mean what it says. The original text is \
            kept and reported instead of being silently changed.
            """,
        triggers: [RuleExample(#"{"content": "x", "inbox_days": 1e999}"#)],
        passes: [RuleExample(#"{"content": "x", "inbox_days": 7}"#)])

    /// Found in the document, and in each message's nested JSON.
    public func register(in checks: inout RuleCheckRegistry) {
        checks.add(document: self)
        checks.add(message: self)
    }

    public func check(document: InspectedDocument, into report: inout Report) {
        guard document.document?.warnings.isEmpty == false else { return }
        for issue in document.parseWarnings {
            guard case .numberOutOfRange = issue.kind else { continue }
            report.add(description, issue: issue)
        }
    }

    public func check(message: InspectedMessage, into report: inout Report) {
        guard !message.actionParams.nestedWarnings.isEmpty else { return }
        for issue in message.actionParams.nestedWarnings {
            guard case .numberOutOfRange = issue.kind else { continue }
            report.add(description, issue: issue)
        }
    }
}
