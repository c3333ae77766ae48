import InboxModel

/// Inline buttons for people: the row a card draws (`[ Claim ↗ ] [ Read ✓ ] [ Save ⚙ ]`)
/// and one line per button with what a tap does.
struct ButtonsText {
    var glyphs: CardGlyphs
    var style: Style

    /// `[ Claim ↗ ]`.
    func label(_ button: Button) -> String {
        "[ " + TerminalText.fit(button.title, width: 24, ellipsis: glyphs.ellipsis) + " " + glyphs.mark(button.action.kind) + " ]"
    }

    /// The buttons side by side, wrapped to `width` columns.
    func row(_ buttons: some Collection<Button>, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for button in buttons {
            let label = self.label(button)
            if line.isEmpty {
                line = label
            } else if TerminalText.width(line) + 1 + TerminalText.width(label) <= width {
                line += " " + label
            } else {
                lines.append(line)
                line = label
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// One line per button: `Claim  ↗ openURL   https://…`, indented by `indent`, within
    /// `width` columns (long URLs and payloads are cut).
    func details(_ buttons: some Collection<Button>, indent: String, width: Int) -> [String] {
        let titles = buttons.map { TerminalText.fit($0.title, width: 20, ellipsis: glyphs.ellipsis) }
        let titleWidth = titles.map(TerminalText.width).max() ?? 0
        return zip(buttons, titles).map { button, title in
            let kind = button.action.kind
            let line = indent + TerminalText.pad(title, to: titleWidth) + "  " + glyphs.mark(kind) + " "
            let target: String
            switch button.action {
            case .openURL(let url): target = ShownURL.text(url.string)
            case .custom(let payload):
                target = payload.isEmpty ? "(empty payload)" : ButtonsJSON.payload(payload).serialized(pretty: false)
            case .dismiss, .markRead: return line + kind.rawValue
            }
            let start = line + TerminalText.pad(kind.rawValue, to: 8) + "  "
            let fitted = TerminalText.fit(target, width: max(8, width - TerminalText.width(start)), ellipsis: glyphs.ellipsis)
            return start + (kind == .custom ? style.dim(fitted) : fitted)
        }
    }
}
