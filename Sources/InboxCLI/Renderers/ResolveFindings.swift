import InboxModel

/// Findings under a message, as `FindingText.line` writes them, wrapped so that a long
/// message continues under itself instead of running past 80 columns.
struct ResolveFindings {
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
            } else {
                words.append(style.dim(CardText.width(pointer) > room ? CardText.fit(pointer, width: room, ellipsis: ellipsis) : pointer))
            }
        }
        let hanging = String(repeating: " ", count: column)
        return words.enumerated().map { index, text in (index == 0 ? prefix : hanging) + text }
    }
}
