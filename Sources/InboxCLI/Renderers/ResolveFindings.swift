import InboxModel

/// Findings under a message, as `FindingText.line` writes them, wrapped so that a long
/// message continues under itself instead of running past 80 columns.
struct ResolveFindings {
    /// A message's findings in the order they appear in the file (stable for ties).
    static func inFileOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }

    var style: Style
    var ellipsis = "…"
    var width = 80

    func lines(_ diagnostic: Diagnostic) -> [String] {
        let single = FindingText.line(diagnostic, style: style)
        let plain = FindingText.line(diagnostic, style: Style(enabled: false))
        guard CardText.width(plain) > width else { return [single] }
        var bare = diagnostic
        bare.message = ""
        bare.pointer = ""
        let prefix = FindingText.line(bare, style: style)
        let column = CardText.width(FindingText.line(bare, style: Style(enabled: false)))
        let room = max(20, width - column)
        var words = CardText.wrap(diagnostic.message, width: room)
        if !diagnostic.pointer.isEmpty {
            let pointer = diagnostic.pointer
            if let last = words.last, CardText.width(last) + 2 + CardText.width(pointer) <= room {
                words[words.count - 1] = last + "  " + style.dim(pointer)
            } else if CardText.width(pointer) <= room {
                words.append(style.dim(pointer))
            } else {
                // Too long for the message column: its own line, flush right, cut only as a last resort.
                let shown = CardText.width(pointer) > width - 4 ? CardText.fit(pointer, width: width - 4, ellipsis: ellipsis) : pointer
                let hanging = String(repeating: " ", count: column)
                return words.enumerated().map { index, text in (index == 0 ? prefix : hanging) + text }
                    + [String(repeating: " ", count: width - CardText.width(shown)) + style.dim(shown)]
            }
        }
        let hanging = String(repeating: " ", count: column)
        return words.enumerated().map { index, text in (index == 0 ? prefix : hanging) + text }
    }
}
