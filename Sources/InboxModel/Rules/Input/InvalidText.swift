/// IK005: bytes that are not UTF-8, or a `\u` escape of half a surrogate pair.
public struct InvalidText: DocumentRule {
    public init() {}
    /// Its document check looks only at documents that failed to parse.
    public static let documentNeeds: DocumentFacts = [.parseIssue]
    public let description = RuleDescription(
        code: "IK005", severity: .error, title: "Invalid UTF-8 or lone surrogate",
        explanation: """
            JSON text must be UTF-8, and a `\\uD800`–`\\uDFFF` escape must come as a high/low \
            pair (that is how characters such as emoji are escaped). iOS rejects the whole \
            payload otherwise. Usually the file was saved in another encoding (Latin-1, \
            Windows-1252) or an emoji escape was cut in half by a tool that truncates text.
            """,
        triggers: [RuleExample(#"{"ios_title": "Hi \ud83d", "content": "x"}"#)],
        passes: [RuleExample(#"{"ios_title": "Hi \ud83d\ude00", "content": "x"}"#)])

    public func check(document: InspectedDocument, into report: inout Report) {
        guard let issue = document.parseIssue else { return }
        switch issue.kind {
        case .invalidUTF8, .loneSurrogate: report.add(description, issue: issue)
        default: break
        }
    }
}
