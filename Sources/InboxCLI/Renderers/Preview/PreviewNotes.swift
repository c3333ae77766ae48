import InboxModel

/// What the inspector says under a card (not part of the phone's drawing): whether the
/// message reaches the inbox on iPhones, how its layout was chosen, a badge with every
/// reason when the requested card degraded, and the findings, each with its rule's
/// explanation one click away.
struct PreviewNotes: Sendable {
    func html(_ message: Message, _ resolution: Resolution, findings: [Diagnostic]) -> String {
        let reach = InboxReach.verdict(findings: findings)
        var html = "<div class=\"notes\">"
        if reach.reaches {
            html += "<p class=\"verdict reaches\" data-reaches=\"true\">Reaches the inbox on iPhones</p>"
        } else {
            html += "<div class=\"verdict blocked\" data-reaches=\"false\"><p>Does not reach the inbox on iPhones</p><ul>"
            for reason in reach.reasons { html += "<li>" + HTMLText.escape(reason) + "</li>" }
            html += "</ul></div>"
        }
        html += "<p class=\"layout\"><b>" + resolution.layout.rawValue + "</b> " + HTMLText.escape(chosen(resolution)) + "</p>"
        let missing = resolution.missingRequirements
        if !missing.isEmpty {
            html += "<p class=\"degraded\"><span class=\"badge\" data-requested=\"\(resolution.requested.rawValue)\">Degraded</span> "
                + "\(resolution.requested.rawValue) → \(resolution.layout.rawValue): "
            html += missing.map { "<span class=\"reason\">\($0.reason)</span>" }.joined(separator: ", ") + "</p>"
        }
        if !findings.isEmpty { html += Self.findings(findings) }
        html += "<p class=\"source\">" + HTMLText.escape("\(message.source):\(message.position.line)")
            + " <code>" + HTMLText.escape(message.pointer.isEmpty ? "/" : message.pointer) + "</code></p>"
        return html + "</div>"
    }

    /// How the layout was asked for, in the words of `resolve`'s layout line.
    private func chosen(_ resolution: Resolution) -> String {
        switch resolution.requestedBy {
        case .forced: return "forced by --force-kind"
        case .displayType:
            return resolution.degraded ? "requested \(resolution.requested.rawValue) by displayType"
                : "requested by displayType " + ValueWording.quoted(resolution.displayType?.text ?? "")
        case .heuristic: return "chosen by heuristic: " + ValueWording.heuristicFacts(resolution.facts)
        }
    }

    /// The findings as a list; a finding opens to its rule's explanation, which the page's
    /// script copies from the one copy of each rule at the end of the page.
    static func findings(_ findings: [Diagnostic]) -> String {
        var html = "<ul class=\"findings\">"
        for finding in findings {
            let severity = finding.severity.rawValue
            html += "<li><details class=\"finding s-\(severity)\" data-rule=\"" + HTMLText.escape(finding.code) + "\"><summary>"
            html += "<span class=\"sev\">\(severity)</span> <code class=\"code\">" + HTMLText.escape(finding.code) + "</code> "
            html += "<span class=\"message\" dir=\"auto\">" + HTMLText.escape(finding.message) + "</span> "
            html += "<span class=\"where\">\(finding.line):\(finding.column) " + HTMLText.escape(finding.pointer) + "</span>"
            html += "</summary><div class=\"explanation\"></div></details></li>"
        }
        return html + "</ul>"
    }
}
