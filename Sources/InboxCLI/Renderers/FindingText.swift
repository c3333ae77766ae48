import InboxModel

/// How findings read in text output, the same under every command:
/// `  3:12    error    IK203  requested carousel degraded to classic: no slides  /data/carousel`,
/// wrapped so a long message continues under itself instead of running past 80 columns.
enum FindingText {
    static let width = 80

    /// `  3:12    error    IK203  ` — what stands before the message.
    private static func prefix(_ diagnostic: Diagnostic, style: Style, indent: String) -> String {
        let position = "\(diagnostic.line):\(diagnostic.column)"
        let severity: String
        switch diagnostic.severity {
        case .error: severity = style.red("error  ")
        case .warning: severity = style.yellow("warning")
        case .info: severity = style.blue("info   ")
        }
        return "\(indent)\(position.padded(to: 7)) \(severity)  \(style.bold(diagnostic.code))  "
    }

    /// The finding as lines of at most `width` columns; the pointer follows the message
    /// (on the last line when it fits, else on its own line) unless `showPointer` is false.
    static func lines(_ diagnostic: Diagnostic, style: Style, indent: String = "  ", showPointer: Bool = true,
                      ellipsis: String = "…") -> [String] {
        let prefix = prefix(diagnostic, style: style, indent: indent)
        let column = TerminalText.width(self.prefix(diagnostic, style: Style(enabled: false), indent: indent))
        let room = max(20, width - column)
        var lines = TerminalText.wrap(diagnostic.message, width: room)
        let hanging = String(repeating: " ", count: column)
        var trailer: [String] = []
        let pointer = diagnostic.pointer
        if showPointer, !pointer.isEmpty {
            if let last = lines.last, TerminalText.width(last) + 2 + TerminalText.width(pointer) <= room {
                lines[lines.count - 1] = last + "  " + style.dim(pointer)
            } else if TerminalText.width(pointer) <= room {
                lines.append(style.dim(pointer))
            } else {
                // Too long for the message column: its own line, flush right, cut only as a last resort.
                let shown = TerminalText.width(pointer) > width - 4
                    ? TerminalText.fit(pointer, width: width - 4, ellipsis: ellipsis) : pointer
                trailer = [String(repeating: " ", count: width - TerminalText.width(shown)) + style.dim(shown)]
            }
        }
        return lines.enumerated().map { index, text in (index == 0 ? prefix : hanging) + text } + trailer
    }

    /// `file:line  pointer`, the header of a message block.
    static func header(source: String, line: Int, pointer: String, style: Style) -> String {
        style.bold("\(source):\(line)") + (pointer.isEmpty ? "" : "  " + style.cyan(pointer))
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
