import InboxModel

/// `buttons` for people: per message the header, whether the layout draws the buttons,
/// the row as drawn and what each button does, then the button findings.
struct ButtonsReport {
    var style: Style
    var glyphs: CardGlyphs
    var quiet: Bool

    func message(_ inspected: InspectedMessage, _ allDiagnostics: [Diagnostic]) -> [String] {
        let diagnostics = QuietFilter.shown(allDiagnostics, quiet: quiet)
        if quiet && diagnostics.isEmpty { return [] }
        let message = inspected.message
        let resolution = inspected.resolution
        var lines = [FindingText.header(source: message.source, line: message.position.line, pointer: message.pointer, style: style)]
        lines += VerdictText(style: style, glyphs: glyphs).lines(DeliveryVerdict(inspected),
                                                                 chosenBySDK: resolution.requestedBy == .heuristic)
        let buttons = resolution.buttons.buttons
        let layout = style.bold(resolution.layout.rawValue)
        if buttons.isEmpty {
            lines.append("  \(layout) card, no buttons")
        } else if resolution.buttonsRendered {
            lines.append("  \(layout) card draws \(buttons.count == 1 ? "the button" : "the \(buttons.count) buttons")")
        } else {
            lines.append("  \(layout) card " + style.yellow("draws no buttons") + " (only captioned and classic do)")
        }
        if !quiet && !buttons.isEmpty {
            let text = ButtonsText(glyphs: glyphs, style: style)
            lines += text.row(buttons, width: 76).map { "    " + $0 }
            lines += text.details(buttons, indent: "    ", width: 80)
        }
        for diagnostic in diagnostics { lines += FindingText.lines(diagnostic, style: style, ellipsis: glyphs.ellipsis) }
        lines.append("")
        return lines
    }
}
