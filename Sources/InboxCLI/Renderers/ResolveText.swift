import InboxModel
import InboxCore

/// `resolve` for people: per message the `file:line  pointer` header, the layout line,
/// the card preview, what each button does, the pin mark and the findings.
struct ResolveText {
    var style: Style
    var glyphs: CardGlyphs
    var quiet: Bool
    /// `--lang`, to say when a message lacks it and another language is shown.
    var language: String? = nil

    /// The first line: which release's behaviour is shown.
    func profileLine(_ profile: SDKProfile) -> String {
        "InboxKit \(profile.name) \(glyphs.dash) \(profile.summary)"
    }

    /// Findings about a document rather than a message (it did not parse, no shape).
    func document(_ source: String, _ diagnostics: [Diagnostic], excerpt: SourceExcerpt? = nil) -> [String] {
        var lines: [String] = []
        for diagnostic in diagnostics {
            lines.append(FindingText.header(source: source, line: diagnostic.line, pointer: diagnostic.pointer, style: style))
            lines += FindingText.lines(diagnostic, style: style, ellipsis: glyphs.ellipsis)
            lines += ExcerptText(style: style).lines(under: diagnostic, excerpt, indent: "  ")
            lines.append("")
        }
        return lines
    }

    /// One message's block; empty when `--quiet` and it has no findings. `number` is its
    /// place in the feed (`--feed`).
    func message(_ inspected: InspectedMessage, _ allDiagnostics: [Diagnostic], number: Int? = nil) -> [String] {
        let diagnostics = QuietFilter.shown(allDiagnostics, quiet: quiet)
        if quiet && diagnostics.isEmpty { return [] }
        let message = inspected.message
        let resolution = inspected.resolution
        var header = FindingText.header(source: message.source, line: message.position.line, pointer: message.pointer, style: style)
        if let number { header = style.bold("\(number).") + " " + header }
        let verdict = DeliveryVerdict(inspected)
        var lines = [header]
        lines += VerdictText(style: style, glyphs: glyphs).lines(verdict, chosenBySDK: resolution.requestedBy == .heuristic)
        lines.append(layoutLine(resolution))
        let languages = LanguageChoice(message, requested: language)
        if languages.requestedMissing, let requested = languages.requested, let shown = languages.shown {
            lines.append("  " + style.yellow("language \(requested) is not in this message: shown in \(shown)"))
        }
        // The phone shows nothing for a message that never reaches its inbox.
        if !quiet && verdict.shows {
            lines += CardPreview(glyphs: glyphs, style: style, imageAreaEmpty: verdict.imageAreaEmpty).lines(message, resolution)
            lines += buttonLines(resolution)
            if resolution.pinned { lines.append("  " + glyphs.pin + " pinned: shown at the top of the feed") }
        }
        for diagnostic in diagnostics { lines += FindingText.lines(diagnostic, style: style, ellipsis: glyphs.ellipsis) }
        lines.append("")
        return lines
    }

    /// `classic  ← requested carousel by displayType, degraded: no slides`.
    func layoutLine(_ resolution: Resolution) -> String {
        var why: String
        switch resolution.requestedBy {
        case .forced: why = "forced by --force-kind"
        case .displayType:
            why = resolution.degraded ? "requested \(resolution.requested.rawValue) by displayType"
                : "requested by displayType \(VisibleText.escaped(ValueWording.quoted(resolution.displayType?.text ?? "")))"
        case .heuristic: why = "chosen by heuristic: \(ValueWording.heuristicFacts(resolution.facts))"
        }
        if resolution.degraded { why += ", " + style.yellow("degraded: " + resolution.reasons.joined(separator: ", ")) }
        let line = "  " + style.bold(resolution.layout.rawValue) + "  " + style.dim(glyphs.arrow) + " " + why
        let plain = CardPreview.plain(line)
        guard TerminalText.width(plain) > 80 else { return line }
        return TerminalText.fit(plain, width: 80, ellipsis: glyphs.ellipsis)
    }

    /// What each button does; on layouts that do not draw buttons, says so first.
    func buttonLines(_ resolution: Resolution) -> [String] {
        let buttons = resolution.buttons.buttons
        guard !buttons.isEmpty else { return [] }
        let text = ButtonsText(glyphs: glyphs, style: style)
        var lines: [String] = []
        if resolution.buttonsRendered {
            lines.append("  buttons")
        } else {
            lines.append("  buttons " + style.yellow("(not drawn on a \(resolution.layout.rawValue) card)"))
            lines += text.row(buttons, width: 76).map { "    " + $0 }
        }
        return lines + text.details(buttons, indent: "    ", width: 80)
    }
}
