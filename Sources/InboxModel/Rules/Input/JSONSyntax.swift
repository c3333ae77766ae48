import InboxCore

/// IK001: the document is not JSON, so the SDK (NSJSONSerialization) rejects it whole.
public struct JSONSyntax: DocumentRule {
    public init() {}
    /// Its document check looks only at documents that failed to parse.
    public static let documentNeeds: DocumentFacts = [.parseIssue]
    public let description = RuleDescription(
        code: "IK001", severity: .error, title: "JSON syntax error",
        explanation: """
            The document is not valid JSON. iOS parses payloads with NSJSONSerialization, which \
            rejects the whole document on the first syntax error: nothing in it reaches the inbox. \
            The finding says what was expected and what was found, at the exact line and column, \
            and the text output shows the line with a caret under the spot. The usual mistakes \
            are named with their fix: curly quotes from a word processor, `//` or `/* */` \
            comments, single quotes, a missing comma (shown at the end of the value it should \
            follow), an object or array never closed (with where it was opened), an unquoted \
            key, `NaN` or `Infinity`, and a trailing comma.
            """,
        triggers: [RuleExample(#"{"ios_title": "Sale", "content": "50% off",}"#),
                   RuleExample(#"{"ios_title": "Sale" "content": "50% off"}"#),
                   RuleExample(#"{"ios_title": “Sale”}"#),
                   RuleExample(#"{"ios_title": "Sale", // the title"#),
                   RuleExample(#"{ios_title: "Sale"}"#),
                   RuleExample(#"{"ios_title": "Sale", "inbox_days": NaN}"#),
                   RuleExample(#"{"ios_title": "Sale", "data": {"buttons": [{"title": "Go"}}"#)],
        passes: [RuleExample(#"{"ios_title": "Sale", "content": "50% off"}"#)],
        fix: RuleFix(.safe, "Removes a trailing comma; a file with any other syntax error is left as it is.",
                     before: RuleExample(#"{"ios_title": "Sale", "content": "50% off",}"#),
                     after: #"{"ios_title": "Sale", "content": "50% off"}"#))

    public func check(document: InspectedDocument, into report: inout Report) {
        guard let issue = document.parseIssue, case .syntax = issue.kind else { return }
        let fix = issue.trailingComma.map { Fix(.safe, edits: [TextEdit($0 ..< $0 + 1, "")]) }
        guard let mistake = issue.mistake else {
            report.add(description, issue: issue, fix: fix)
            return
        }
        report.add(description, issue: issue, Phrase("JSON syntax error: " + Self.wording(mistake)), fix: fix)
    }

    /// What the mistake is and how to fix it, in the words of someone who made it.
    static func wording(_ mistake: JSONMistake) -> String {
        switch mistake {
        case .curlyQuote(let quote):
            return "\(quote) is a curly quote, as a word processor or a chat app types it; JSON needs straight double "
                + "quotes (\"): retype the quotes in a code editor"
        case .comment:
            return "JSON has no comments (// or /* */): delete the comment"
        case .singleQuote:
            return "JSON strings and keys use double quotes (\"), not single quotes (')"
        case .missingComma:
            return "a comma is missing after this value: add ',' before the next member or element"
        case .unclosed(let isObject, let opened):
            let what = isObject ? "the object" : "the array"
            return "\(what) opened at line \(opened.line), column \(opened.column) is not closed: add '\(isObject ? "}" : "]")' "
                + "where it should end"
        case .unquotedKey(let word):
            return "the key \(word) needs double quotes: write \"\(word)\""
        case .nonFiniteNumber(let word):
            return "\(word) is not a number JSON can hold: write a number, or null"
        case .trailingComma:
            return "JSON does not allow a comma after the last member or element: delete this comma"
        }
    }
}
