import InboxModel
import InboxCore

/// The text storyboard of one story: header, category and block, the progress bar, each
/// page with its times, image, texts and button, the tap zones, then the findings.
struct StoryText {
    var style: Style
    var quiet: Bool
    /// Text output stays within this many columns.
    static let columns = 80
    /// Labels are this wide, so values line up.
    static let labelWidth = 10

    func lines(_ inspected: InspectedMessage, _ story: Story, findings: [Diagnostic]) -> [String] {
        let message = inspected.message
        var lines = [FindingText.header(source: message.source, line: message.position.line, pointer: message.pointer,
                                        style: style)]
        if !quiet {
            lines += overview(message, story)
            if let fallback = story.fallback {
                lines += fallbackLines(message, fallback)
            } else {
                lines += storyboard(story)
            }
        }
        // In file order, so the findings read top to bottom like the payload.
        lines += PositionOrder.sorted(findings).flatMap { FindingText.lines($0, style: style) }
        return lines
    }

    /// A message that is not a story push: its header and one line saying so (the content
    /// extension never sees it), then its findings.
    func notAStoryLines(_ inspected: InspectedMessage, findings: [Diagnostic]) -> [String] {
        let message = inspected.message
        var lines = [FindingText.header(source: message.source, line: message.position.line, pointer: message.pointer,
                                        style: style)]
        if !quiet { lines.append(row("story", style.dim("not a story push (no PW_STORIES category or pw_stories block)"))) }
        lines += PositionOrder.sorted(findings).flatMap { FindingText.lines($0, style: style) }
        return lines
    }

    /// A labelled line, cut to the column limit.
    func row(_ label: String, _ value: String, indent: String = "  ") -> String {
        Self.fit(indent + label.padded(to: Self.labelWidth) + value)
    }

    /// Cuts a line to `columns` visible characters (colour codes do not count), ending
    /// it with "…" and closing any colour that was cut open.
    static func fit(_ line: String) -> String {
        guard visibleCount(line) > columns else { return line }
        var visible = 0
        var result = ""
        var inEscape = false
        for character in line {
            if inEscape || character == "\u{1B}" {
                inEscape = character != "m"
                result.append(character)
                continue
            }
            if visible == columns - 1 { break }
            visible += 1
            result.append(character)
        }
        return result + "…" + (result.contains(Character("\u{1B}")) ? "\u{1B}[0m" : "")
    }

    /// Characters a terminal shows, leaving out colour codes.
    static func visibleCount(_ line: String) -> Int {
        var count = 0
        var inEscape = false
        for character in line {
            if inEscape { if character == "m" { inEscape = false }; continue }
            if character == "\u{1B}" { inEscape = true; continue }
            count += 1
        }
        return count
    }

    private func overview(_ message: Message, _ story: Story) -> [String] {
        var lines: [String] = []
        let never = "not PW_STORIES, the story extension never runs"
        if !story.carriesCategory {
            lines.append(row("category", "none (a \(message.shape.rawValue) message carries no category)"))
        } else if story.hasStoryCategory {
            lines.append(row("category", Story.category))
        } else if let value = story.categoryValue {
            let shown = VisibleText.escaped(value.string.map { JSONText.quote($0) } ?? value.sourceText)
            lines.append(row("category", "\(shown): " + style.red(never)))
        } else {
            lines.append(row("category", "none: " + style.red(never)))
        }
        if let block = story.lookup.block, let location = story.lookup.location {
            lines += rows("block", "pw_stories in \(location.field(in: message.shape))", pointer: block.pointer)
        } else {
            lines.append(row("block", "no pw_stories object"))
        }
        for skipped in story.lookup.skipped {
            let kind = skipped.value.kind == .string ? "a string" : "not an object"
            lines += rows("skipped", "pw_stories in \(skipped.location.field(in: message.shape)) (\(kind))",
                          pointer: skipped.value.pointer)
        }
        return lines
    }

    private func fallbackLines(_ message: Message, _ fallback: StoryFallback) -> [String] {
        var lines = [row("fallback", style.yellow("no story: the default notification content is shown instead")),
                     row("", "why: \(fallback.reason)")]
        lines += wrapped("shows", "title", MessageListing.show(message.title?.text))
        lines += wrapped("", "body", MessageListing.show(message.body?.text))
        return lines
    }

    /// A labelled value followed by its pointer, on the same line when both fit.
    private func rows(_ label: String, _ value: String, pointer: String) -> [String] {
        let pointer = VisibleText.escaped(pointer)
        let one = "  " + label.padded(to: Self.labelWidth) + value + "  " + style.dim(pointer)
        guard Self.visibleCount(one) > Self.columns else { return [one] }
        return [row(label, value), row("", style.dim(pointer))]
    }

    /// A labelled text wrapped under itself (for the title and body shown on fallback).
    private func wrapped(_ label: String, _ name: String, _ text: String) -> [String] {
        let width = Self.columns - 2 - Self.labelWidth - 6
        return TerminalText.wrap(text, width: width).enumerated().map { index, part in
            row(index == 0 ? label : "", (index == 0 ? name : "").padded(to: 6) + part)
        }
    }

    private func storyboard(_ story: Story) -> [String] {
        let seconds = StoryNumber.text(story.timeline.totalDuration)
        let count = story.pages.count
        var summary = "\(count) page\(count == 1 ? "" : "s") · \(seconds) s"
        if !story.droppedPages.isEmpty { summary += " · \(story.droppedPages.count) dropped" }
        var lines = [row("story", summary)]
        let bar = StoryProgressBar(width: Self.columns - 4)
        if let drawn = bar.lines(durations: story.pages.map(\.duration), labels: story.pages.map { String($0.index + 1) }) {
            lines.append("  " + style.cyan(drawn.bar))
            lines.append("  " + drawn.labels)
        }
        var entries: [(index: Int, lines: [String])] = []
        for (page, slot) in zip(story.pages, story.timeline.slots) {
            entries.append((page.index, pageLines(page, slot)))
        }
        for dropped in story.droppedPages {
            let why: String
            if case .imageRejected = dropped.reason { why = "dropped: iOS rejects the image URL" } else { why = "dropped: no image URL with a scheme" }
            entries.append((dropped.index, [row("page \(dropped.index + 1)", style.yellow(why))]))
        }
        for entry in entries.sorted(by: { $0.index < $1.index }) { lines += entry.lines }
        let zones = StoryTapZone.allCases.map { "\($0.rawValue): \($0.effect)" }.joined(separator: " · ")
        let wrapped = TerminalText.wrap(zones, width: Self.columns - 2 - Self.labelWidth)
        for (index, text) in wrapped.enumerated() { lines.append(row(index == 0 ? "taps" : "", text)) }
        if let last = story.pages.last {
            lines.append(row("", "after page \(last.index + 1) the story ends"))
        }
        return lines
    }

    private func pageLines(_ page: StoryPage, _ slot: StoryTimeline.Slot) -> [String] {
        var timing = "\(StoryNumber.text(slot.start))–\(StoryNumber.text(slot.end)) s"
        if let note = Self.durationNote(page) { timing += "  " + style.dim("(\(note))") }
        var lines = [row("page \(page.index + 1)", style.bold(timing))]
        lines.append(row("image", VisibleText.escaped(ShownURL.text(page.image)), indent: "    "))
        if let title = page.title { lines.append(row("title", MessageListing.show(title), indent: "    ")) }
        if let subtitle = page.subtitle { lines.append(row("subtitle", MessageListing.show(subtitle), indent: "    ")) }
        lines.append(row("button", button(page), indent: "    "))
        return lines
    }

    /// Why a page's duration is not the one written, or nil when it is (also the preview's).
    static func durationNote(_ page: StoryPage) -> String? {
        switch page.durationNote {
        case nil: return page.value["duration"] == nil ? "default 5 s" : nil
        case .boolean(true, _)?: return "true read as 1 s"
        case .clamped?: return "cut to 30 s"
        case .boolean(false, _)?, .notANumber?, .notPositive?, .notFinite?: return "duration unusable: default 5 s"
        }
    }

    private func button(_ page: StoryPage) -> String {
        switch (page.buttonTitle, page.link) {
        case let (title?, link?):
            return "\(MessageListing.show(title)) → \(VisibleText.escaped(ShownURL.text(link)))"
        case let (title?, nil):
            let why = page.droppedLink != nil ? "its link was dropped" : "no link"
            return "none: \(MessageListing.show(title)) is not shown, \(why)"
        case let (nil, link?):
            return "none: no button_title for \(VisibleText.escaped(ShownURL.text(link)))"
        case (nil, nil):
            return page.droppedLink != nil ? "none: the link was dropped" : "none"
        }
    }
}
