import InboxModel

/// `resolve --sdk all` for people: per message a table with a column per profile and a
/// row per aspect that differs; the aspects that agree are named on one line.
struct ProfileComparisonText {
    var style: Style
    var glyphs: CardGlyphs

    static let labelWidth = 11

    func lines(_ message: Message, _ comparison: ProfileComparison) -> [String] {
        var lines = [FindingText.header(source: message.source, line: message.position.line, pointer: message.pointer, style: style)]
        let columns = comparison.profiles.count
        let width = max(12, (80 - 2 - Self.labelWidth - 2 * columns) / max(1, columns))
        let differing = comparison.rows.filter(\.differs)
        if differing.isEmpty {
            let card = comparison.rows.first?.values.first ?? ""
            lines.append("  " + style.green("the same on every release") + ": \(card) card")
        } else {
            lines += row("", comparison.profiles.map(\.name), width: width, bold: true)
            for aspect in differing { lines += row(aspect.aspect, aspect.values, width: width, bold: false) }
            let same = comparison.rows.filter { !$0.differs }.map(\.aspect)
            if !same.isEmpty { lines.append("  " + style.dim("same on every release: " + same.joined(separator: ", "))) }
        }
        lines.append("")
        return lines
    }

    /// One aspect: its label, then each profile's value wrapped in its column (a value
    /// cut short could hide the very difference shown).
    private func row(_ label: String, _ values: [String], width: Int, bold: Bool) -> [String] {
        let cells = values.map { value -> [String] in
            let wrapped = TerminalText.wrap(TerminalText.clean(value), width: width)
            return wrapped.isEmpty ? [""] : wrapped
        }
        let height = cells.map(\.count).max() ?? 1
        return (0 ..< height).map { index in
            var line = "  " + TerminalText.pad(index == 0 ? label : "", to: Self.labelWidth)
            for (column, cell) in cells.enumerated() {
                let value = index < cell.count ? TerminalText.fit(cell[index], width: width, ellipsis: glyphs.ellipsis) : ""
                // The last column is not padded: no line ends in spaces.
                let text = column == cells.count - 1 ? value : TerminalText.pad(value, to: width)
                line += "  " + (bold ? style.bold(text) : text)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
