import InboxModel
import InboxCore

/// The findings of one document as the analyzer leaves them: the list about no message,
/// then one list per message, each sorted by position.
struct FindingLists {
    let first: [Diagnostic]
    let rest: [[Diagnostic]]

    /// Calls `body` with `document` and `messages` as one value.
    static func with<R>(_ document: [Diagnostic], _ messages: [[Diagnostic]], _ body: (FindingLists) -> R) -> R {
        body(FindingLists(first: document, rest: messages))
    }

    /// What one walk of the lists tells.
    struct Survey {
        /// Whether the lists one after the other give the findings by line, then column.
        var inOrder = true
        var counts = SeverityCounts()
        var findings = 0
        /// The UTF-8 bytes of the findings' codes, messages and pointers, for sizing output
        /// (0 unless asked for: output written straight into the run's buffer needs no size).
        var textBytes = 0
    }

    /// Each list is sorted already, so only where one list ends and the next begins is
    /// compared (as `ValidatedDocument.forEachFindingListByPosition` does); the severities
    /// and sizes are read in the same walk.
    func survey(sizing: Bool = true) -> Survey {
        var survey = Survey()
        var last = (line: Int.min, column: Int.min)
        // The document's own list may hold findings put before the analyzer's (a streamed
        // batch's wrapper findings), so it is checked whole; `validatedDocument` sorts it.
        Self.take(first, into: &survey, after: &last, checkingWithin: true, sizing: sizing)
        for index in rest.indices {
            Self.take(rest[index], into: &survey, after: &last, checkingWithin: false, sizing: sizing)
        }
        return survey
    }

    @inline(__always)
    private static func take(_ findings: borrowing [Diagnostic], into survey: inout Survey,
                             after last: inout (line: Int, column: Int), checkingWithin: Bool,
                             sizing: Bool) {
        guard !findings.isEmpty else { return }
        if checkingWithin {
            for index in findings.indices.dropFirst()
            where (line: findings[index].line, column: findings[index].column)
                < (line: findings[index - 1].line, column: findings[index - 1].column) {
                survey.inOrder = false
            }
        }
        // Read through the subscript, in place (`first` would copy a finding out).
        if (line: findings[0].line, column: findings[0].column) < last { survey.inOrder = false }
        let end = findings.count - 1
        last = (line: findings[end].line, column: findings[end].column)
        survey.findings += findings.count
        for index in findings.indices { survey.counts.add(findings[index].severity) }
        if sizing {
            for index in findings.indices { survey.textBytes &+= findings[index].textByteCount }
        }
    }

    /// Calls `body` with each list in turn, each viewed only for the time of its call.
    @inline(__always)
    func forEachList(_ body: (Span<Diagnostic>) -> Void) {
        first.withSpan(body)
        for index in rest.indices { rest[index].withSpan(body) }
    }
}
