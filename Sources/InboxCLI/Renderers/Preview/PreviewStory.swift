import InboxModel

/// A Push Stories payload as a storyboard: the total length and a duration bar, a player
/// that plays the pages as the content extension does (each for its duration; the left
/// third goes back, the right third forward; the story ends after the last page), each
/// page with its image, texts and button, and the fallback when nothing can be played.
struct PreviewStory: Sendable {
    var image: PreviewImage

    func html(_ message: Message, _ story: Story, findings: [Diagnostic]) -> String {
        let pages = story.pages
        let total = StoryNumber.text(story.timeline.totalDuration)
        var html = "<section class=\"story\" data-pages=\"\(pages.count)\" data-fallback=\"\(story.isFallback)\"><header>"
        if let fallback = story.fallback {
            html += "<h3>Story falls back</h3>"
            html += "<p class=\"fallback\"><span class=\"badge\">Fallback</span> the default notification is shown instead: "
                + HTMLText.escape(fallback.reason) + "</p>"
        } else {
            html += "<h3>Story · \(pages.count) page\(pages.count == 1 ? "" : "s") · <span class=\"total\">\(total)</span> s</h3>"
        }
        html += "<p class=\"source\">" + HTMLText.escape("\(message.source):\(message.position.line)") + " <code>"
            + HTMLText.escape(message.pointer.isEmpty ? "/" : message.pointer) + "</code></p></header>"
        if story.isFallback {
            html += defaultNotification(message)
        } else {
            html += timeline(story) + player(story) + pageList(story)
            let last = pages.last.map { $0.index + 1 } ?? 0
            html += "<p class=\"taps\">Taps: "
                + StoryTapZone.allCases.map { "\($0.rawValue) \($0.effect)" }.joined(separator: " · ")
                + ". After page \(last) the story ends.</p>"
        }
        if !findings.isEmpty { html += PreviewNotes.findings(findings) }
        return html + "</section>"
    }

    /// One bar per page, as long as its share of the story (SVG geometry, not inline
    /// style, which the page's Content-Security-Policy forbids).
    private func timeline(_ story: Story) -> String {
        let total = max(story.timeline.totalDuration, 0.001)
        var html = "<svg class=\"timeline\" viewBox=\"0 0 1000 6\" preserveAspectRatio=\"none\" aria-hidden=\"true\">"
        for slot in story.timeline.slots {
            let start = slot.start / total * 1000
            let width = max((slot.end - slot.start) / total * 1000 - 6, 2)
            html += "<rect x=\"\(Self.decimal(start))\" y=\"0\" width=\"\(Self.decimal(width))\" height=\"6\" rx=\"3\"/>"
        }
        return html + "</svg>"
    }

    /// The story as the extension shows it, page by page (driven by the page's script).
    private func player(_ story: Story) -> String {
        var html = "<div class=\"player\" data-state=\"idle\" data-page=\"0\"><div class=\"segments\">"
        for page in story.pages { html += "<span data-duration=\"\(StoryNumber.text(page.duration))\"><i></i></span>" }
        html += "</div><div class=\"stage\">"
        for (index, page) in story.pages.enumerated() {
            html += "<figure class=\"story-page\(index == 0 ? " current" : "")\" data-duration=\""
                + StoryNumber.text(page.duration) + "\">" + image.html(page.image, frame: "story-image") + "<figcaption>"
            if let title = page.title, !title.isEmpty { html += "<h4 dir=\"auto\">" + HTMLText.escape(title) + "</h4>" }
            if let subtitle = page.subtitle, !subtitle.isEmpty {
                html += "<p dir=\"auto\">" + HTMLText.escape(subtitle) + "</p>"
            }
            html += "</figcaption>"
            if page.showsButton, let title = page.buttonTitle {
                html += "<button type=\"button\" class=\"story-button\" data-act=\"open\" dir=\"auto\" data-link=\""
                    + HTMLText.escape(page.link ?? "") + "\">" + HTMLText.escape(title) + "</button>"
            }
            html += "</figure>"
        }
        html += "</div><button type=\"button\" class=\"tap back\" data-act=\"back\" aria-label=\"left third: back\"></button>"
        html += "<button type=\"button\" class=\"tap next\" data-act=\"next\" aria-label=\"right third: next\"></button>"
        html += "<button type=\"button\" class=\"play-story\" data-act=\"play\">" + PreviewIcons.play + "<span>Play · "
            + StoryNumber.text(story.timeline.totalDuration) + " s</span></button>"
        html += "<div class=\"ended\"><p>The story has ended</p><button type=\"button\" data-act=\"play\">Play again</button></div>"
        return html + "</div>"
    }

    /// Every page in input order, with its time slot; dropped pages in their place.
    private func pageList(_ story: Story) -> String {
        var entries: [(index: Int, html: String)] = []
        for (page, slot) in zip(story.pages, story.timeline.slots) {
            var html = "<li class=\"page\">" + image.html(page.image, frame: "page-thumb") + "<div class=\"page-text\">"
            var timing = "Page \(page.index + 1) · \(StoryNumber.text(slot.start))–\(StoryNumber.text(slot.end)) s"
            if let note = StoryText.durationNote(page) { timing += " (\(note))" }
            html += "<p class=\"timing\">" + timing + "</p>"
            if let title = page.title, !title.isEmpty { html += "<h4 dir=\"auto\">" + HTMLText.escape(title) + "</h4>" }
            if let subtitle = page.subtitle, !subtitle.isEmpty {
                html += "<p class=\"subtitle\" dir=\"auto\">" + HTMLText.escape(subtitle) + "</p>"
            }
            html += "<p class=\"page-button\">" + buttonWords(page) + "</p></div></li>"
            entries.append((page.index, html))
        }
        for dropped in story.droppedPages {
            entries.append((dropped.index, "<li class=\"page dropped\"><p>Page \(dropped.index + 1) dropped: no image URL with a scheme</p></li>"))
        }
        return "<ol class=\"pages\">" + entries.sorted { $0.index < $1.index }.map(\.html).joined() + "</ol>"
    }

    private func buttonWords(_ page: StoryPage) -> String {
        switch (page.buttonTitle, page.link) {
        case let (title?, link?):
            return "Button <span class=\"label\" dir=\"auto\">" + HTMLText.escape(title) + "</span> → " + HTMLText.escape(link)
        case let (title?, nil):
            return "No button: " + HTMLText.escape(ValueWording.quoted(title)) + " has no usable link"
        case let (nil, link?):
            return "No button: no button_title for " + HTMLText.escape(link)
        case (nil, nil):
            return "No button"
        }
    }

    /// What the phone shows instead of a story: the notification's own title and text.
    private func defaultNotification(_ message: Message) -> String {
        var html = "<div class=\"notification\"><p class=\"app\">Notification</p>"
        if let title = message.title?.nonEmpty { html += "<h4 dir=\"auto\">" + HTMLText.escape(title) + "</h4>" }
        if let body = message.body?.nonEmpty { html += "<p dir=\"auto\">" + HTMLText.escape(body) + "</p>" }
        return html + "</div>"
    }

    private static func decimal(_ value: Double) -> String {
        StoryNumber.text((value * 10).rounded() / 10)
    }
}
