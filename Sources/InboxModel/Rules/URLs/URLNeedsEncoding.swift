import InboxCore

/// IK304: a URL iOS accepts but changes: what the SDK opens or loads is not what was written.
public struct URLNeedsEncoding: MessageRule {
    public init() {}
    /// It looks only at messages with a URL that is not plain.
    public static let needs: MessageFacts = [.unplainURL]
    public let description = RuleDescription(
        code: "IK304", severity: .warning, title: "iOS changes the URL",
        explanation: """
            iOS reads every URL with `URL(string:)`, which percent-encodes what a URL may not \
            hold as written: a space becomes `%20`, a non-ASCII letter its UTF-8 bytes (`ä` is \
            `%C3%A4`), a `%` not followed by two hex digits `%25`, and an international host \
            its ASCII form (`bücher.de` is `xn--bcher-kva.de`). The SDK then opens or loads \
            that URL. It works, but the link you test in a browser may not be the one the \
            phone opens: write the URL as iOS shows it, or check that the server answers both.
            """,
        triggers: [RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring sale.png", "inbox_days": 3}"#)],
        passes: [RuleExample(#"{"ios_title": "Spring is here", "content": "40 new arrivals", "inbox_image": "https://cdn.example.com/spring%20sale.png", "inbox_days": 3}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        let sites = message.resolution.urlSites
        for index in sites.indices where sites[index].used && !sites[index].isTakenAsWritten {
            guard case .changed(let effective) = sites[index].reading else { continue }
            let site = sites[index]
            report.add(description, at: site.value, """
                \(site.role.staticName) \(quoted: site.value) is changed by iOS into \(quoted: effective, limit: 120), \
                which is what the SDK \(site.role.isMedia ? "loads" : "opens"); write it that way so the link you \
                test is the one the phone uses
                """)
        }
    }
}
