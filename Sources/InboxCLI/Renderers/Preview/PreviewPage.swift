import InboxModel

/// One message of the feed, drawn under every SDK profile: the drawings that differ are
/// kept apart, the same drawing is kept once for all the profiles that share it.
struct PreviewFeedItem: Sendable {
    /// A drawing (card and notes) and the indices, in `SDKProfile.all`, of the profiles it is for.
    struct Variant: Sendable {
        var profiles: [Int]
        var card: String
        var notes: String
    }

    var key: FeedOrder.Key
    /// Where the message is in its input (for people and for the browser tests).
    var line: Int
    var pointer: String
    var variants: [Variant]
    /// The layout under each profile, in `SDKProfile.all` order.
    var layouts: [CardKind]
    /// Whether the card has an image under each profile (7.0 ignores the custom-data image).
    var images: [Bool]
    /// The buttons under each profile, as `title: action`.
    var buttons: [[String]]
    /// Under each profile: whether it reaches the inbox on iPhones, and whether it degraded.
    var reaches: [Bool]
    var degraded: [Bool]

    /// Whether the phone draws the card differently under some profile.
    var differs: Bool { Set(variants.map(\.card)).count > 1 }
}

/// The whole preview page: one self-contained HTML file, its stylesheet and script
/// inline and allowed by hash in a strict Content-Security-Policy, images from the
/// payloads' own http(s) URLs (none offline), the feed in pages of `pageSize` cards that
/// the script adds as the reader scrolls, so a campaign of any size opens at once.
struct PreviewPage {
    var profiles: [SDKProfile]
    /// Index in `profiles` of the one shown first (`--sdk`).
    var selected: Int
    var offline: Bool
    var pageSize = 100

    func html(items: [PreviewFeedItem], stories: [String], fileFindings: [(source: String, findings: [Diagnostic])],
              ruleCodes: Set<String>) -> String {
        let stylesheet = PreviewStylesheet.text + profileRules()
        let script = PreviewScript.text
        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        html += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + policy(stylesheet: stylesheet, script: script) + "\">"
        html += "<meta name=\"referrer\" content=\"no-referrer\">"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        html += "<meta name=\"color-scheme\" content=\"light dark\">"
        html += "<title>Inbox preview · \(items.count) message\(items.count == 1 ? "" : "s")</title>"
        html += "<style>" + stylesheet + "</style></head><body>"
        for index in profiles.indices {
            html += "<input type=\"radio\" name=\"sdk\" class=\"sdk-choice\" id=\"sdk-\(index)\"\(index == selected ? " checked" : "")>"
        }
        html += PreviewIcons.symbols + "<div class=\"phone\">" + statusBar() + header(items)
        html += "<main class=\"feed\" id=\"feed\">"
        if items.isEmpty { html += "<p class=\"empty-feed\">No messages</p>" }
        html += paged(items.enumerated().map { item(position: $0.offset + 1, $0.element) }, id: "feed-pages", noun: "messages")
        html += "</main>"
        if !stories.isEmpty {
            html += "<section class=\"stories\" id=\"stories\"><h2>Push Stories</h2>"
            html += paged(stories, id: "story-pages", noun: "stories") + "</section>"
        }
        if !fileFindings.isEmpty { html += aboutFiles(fileFindings) }
        html += rules(ruleCodes)
        html += "</div><script>" + script + "</script></body></html>\n"
        return html
    }

    /// Nothing is loaded but the payloads' images (and not even those offline); the page's
    /// own style and script run because their hashes are listed.
    func policy(stylesheet: String, script: String) -> String {
        let images = offline ? "'none'" : "https: http:"
        return "default-src 'none'; img-src \(images); style-src \(SHA256.cspSource(stylesheet)); "
            + "script-src \(SHA256.cspSource(script)); base-uri 'none'; form-action 'none'"
    }

    /// Per profile: show only its drawings, and mark its button in the switch.
    private func profileRules() -> String {
        profiles.indices.map { index in
            "#sdk-\(index):checked~.phone .v:not(.in-\(index)){display:none}"
                + "#sdk-\(index):checked~.phone label[for=sdk-\(index)]{background:var(--segment-on);color:var(--text);"
                + "box-shadow:0 1px 3px rgba(0,0,0,.18)}"
        }.joined(separator: "\n") + "\n"
    }

    private func statusBar() -> String {
        "<div class=\"status-bar\" aria-hidden=\"true\"><span class=\"clock\">9:41</span><span class=\"island\"></span>"
            + "<span class=\"status-icons\">" + PreviewIcons.signal + PreviewIcons.battery + "</span></div>"
    }

    /// The large title, the profile switch and, per profile, the counts that matter.
    private func header(_ items: [PreviewFeedItem]) -> String {
        var html = "<header class=\"inbox-header\"><h1>Inbox</h1><nav class=\"sdk-switch\" aria-label=\"SDK profile\">"
        for (index, profile) in profiles.enumerated() {
            html += "<label for=\"sdk-\(index)\" data-profile=\"" + HTMLText.escape(profile.name) + "\" title=\""
                + HTMLText.escape(profile.summary) + "\">SDK "
                + HTMLText.escape(profile.name) + "</label>"
        }
        html += "</nav>"
        let differing = items.filter(\.differs).count
        for index in profiles.indices {
            let pinned = items.filter(\.key.pinned).count
            let blocked = items.filter { !$0.reaches[index] }.count
            let degraded = items.filter { $0.degraded[index] }.count
            var parts = ["\(items.count) message\(items.count == 1 ? "" : "s")"]
            if pinned > 0 { parts.append("\(pinned) pinned") }
            if degraded > 0 { parts.append("\(degraded) degraded") }
            if blocked > 0 { parts.append("\(blocked) not reaching iPhones") }
            if differing > 0 { parts.append("\(differing) differ\(differing == 1 ? "s" : "") between SDKs") }
            html += "<p class=\"summary v in-\(index)\">" + parts.joined(separator: " · ") + "</p>"
        }
        return html + "</header>"
    }

    private func item(position: Int, _ item: PreviewFeedItem) -> String {
        var html = "<div class=\"item\(item.differs ? " differs" : "")\" data-position=\"\(position)\" data-line=\"\(item.line)\" "
            + "data-pointer=\"" + HTMLText.escape(item.pointer) + "\">"
        if item.differs {
            html += "<p class=\"differs-note\">Differs between SDKs: " + differences(item) + "</p>"
        }
        for variant in item.variants {
            html += "<div class=\"v " + variant.profiles.map { "in-\($0)" }.joined(separator: " ") + "\">"
                + variant.card + variant.notes + "</div>"
        }
        return html + "</div>"
    }

    /// What differs, per profile: the layout, whether the card has an image, and the buttons
    /// whose action is not the same everywhere (`7.0 classic · 7.1 carousel`,
    /// `7.0 no image · 7.1 with image`, `7.1 Share: openURL · latest Share: custom`).
    private func differences(_ item: PreviewFeedItem) -> String {
        let layoutsDiffer = Set(item.layouts).count > 1
        let imagesDiffer = Set(item.images).count > 1
        let differing = Set(item.buttons.flatMap { $0 }.filter { button in !item.buttons.allSatisfy { $0.contains(button) } })
        return profiles.indices.map { index in
            var parts: [String] = []
            if layoutsDiffer || (!imagesDiffer && differing.isEmpty) { parts.append(item.layouts[index].rawValue) }
            if imagesDiffer { parts.append(item.images[index] ? "with image" : "no image") }
            parts += item.buttons[index].filter(differing.contains)
            return "<b>" + HTMLText.escape(profiles[index].name) + "</b> " + HTMLText.escape(parts.joined(separator: ", "))
        }.joined(separator: " · ")
    }

    /// The first `pageSize` entries in the page, the rest in templates the script adds in
    /// turn (a template's content is parsed but neither laid out nor loaded).
    private func paged(_ entries: [String], id: String, noun: String) -> String {
        var html = "<div class=\"pager\" id=\"\(id)\">"
        html += entries.prefix(pageSize).joined()
        var start = pageSize
        while start < entries.count {
            html += "<template>" + entries[start ..< min(start + pageSize, entries.count)].joined() + "</template>"
            start += pageSize
        }
        if entries.count > pageSize {
            html += "<button type=\"button\" class=\"more\" data-act=\"more\" data-left=\"\(entries.count - pageSize)\">"
                + "Show more (\(entries.count - pageSize) more \(noun))</button>"
        }
        return html + "</div>"
    }

    private func aboutFiles(_ files: [(source: String, findings: [Diagnostic])]) -> String {
        var html = "<section class=\"file-findings\"><h2>About whole files</h2>"
        for input in files {
            html += "<div class=\"input\"><p class=\"source\">" + HTMLText.escape(input.source) + "</p>"
                + PreviewNotes.findings(input.findings) + "</div>"
        }
        return html + "</section>"
    }

    /// Each rule found in the preview, once, with its explanation.
    private func rules(_ codes: Set<String>) -> String {
        let rules = codes.sorted().compactMap { RuleCatalogue.rule($0) }
        guard !rules.isEmpty else { return "" }
        var html = "<section class=\"rules\"><h2>Rules in this preview</h2>"
        for rule in rules {
            let description = rule.description
            html += "<details class=\"rule\" id=\"rule-" + HTMLText.escape(rule.code) + "\"><summary><code>"
                + HTMLText.escape(rule.code) + "</code> " + HTMLText.escape(description.title) + "</summary><div class=\"explanation-text\">"
            for line in description.explanation.split(separator: "\n") where !line.isEmpty {
                html += "<p>" + HTMLText.escape(String(line)) + "</p>"
            }
            html += "</div></details>"
        }
        return html + "</section>"
    }
}
