/// IK106: an API token that looks real, committed in a payload file.
public struct AuthTokenInFile: DocumentRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK106", severity: .error, title: "Live-looking auth token in the file",
        explanation: """
            The createMessage `auth` field holds the API access token of your account. Anyone \
            who reads a file containing a real one (in a repository, a ticket, a chat) can send \
            pushes to all your users. Keep payload files with a placeholder such as \
            "API_TOKEN" and add the token when sending, from a secret store or an environment \
            variable. The token is never shown: the finding says where it is and how long it \
            is. Placeholders (`API_TOKEN`, `YOUR_AUTH_TOKEN`, `xxx`, `<auth>`, `${AUTH}`) do \
            not trigger. If the token was committed, revoke it.
            """,
        triggers: [RuleExample(#"{"request": {"application": "ABCDE-12345", "auth": "k7Qm2XvB9pL4sT8wZ1yC6nR3dF5gH0jK", "notifications": [{"content": "Hi", "inbox_days": 3}]}}"#)],
        passes: [RuleExample(#"{"request": {"application": "ABCDE-12345", "auth": "YOUR_AUTH_TOKEN", "notifications": [{"content": "Hi", "inbox_days": 3}]}}"#),
                 RuleExample(#"{"request": {"auth": "${AUTH}", "notifications": [{"content": "Hi", "inbox_days": 3}]}}"#)])

    /// It looks only at a document that may have an `auth` member.
    public static let documentNeeds: DocumentFacts = [.authKey]

    public func check(document: InspectedDocument, into report: inout Report) {
        guard let parsed = document.document else { return }
        let tokens = SecretScan.members(named: "auth", in: parsed)
        guard !tokens.isEmpty else { return }
        for value in tokens {
            guard let token = value.string, SecretScan.looksLikeLiveToken(token) else { continue }
            let length = token.unicodeScalars.count
            report.add(description, at: value, """
                auth holds what looks like a real API token (a \(length)-character token, not shown): \
                anyone who can read this file can send pushes as you; use a placeholder and revoke it
                """)
        }
    }
}
