import InboxModel
import InboxCore

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
        let pointer = VisibleText.escaped(diagnostic.pointer)
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

    /// `lines(diagnostic, style:, indent:, showPointer: false)`, each followed by a line
    /// feed, written as bytes, when the code and the message are printable ASCII (the
    /// message may have line feeds) and the indent is spaces: then a byte is a column and
    /// the lines are cut from the message's bytes. Returns false, writing nothing, for any
    /// other finding, which `lines` then lays out.
    static func appendLines(_ diagnostic: Diagnostic, style: Style, indent: StaticString,
                            to out: inout ByteBuffer) -> Bool {
        diagnostic.withParts { code, message, _, fields in
            appendLines(code, message, fields, style: style, indent: indent, to: &out)
        }
    }

    /// `appendLines` of a finding's bytes (`Diagnostic.withParts`).
    private static func appendLines(_ code: Span<UInt8>, _ message: Span<UInt8>, _ fields: FindingFields,
                                    style: Style, indent: StaticString, to out: inout ByteBuffer) -> Bool {
        let singleSpaced = ASCIIText.isSingleSpaced(message)
        guard ASCIIText.isPrintable(code, allowingNewlines: false),
              singleSpaced || ASCIIText.isPrintable(message, allowingNewlines: true) else { return false }
        // `indent`, the position padded to 7, a space, the severity (7), two spaces, the code, two spaces.
        let start = out.count
        out.append(indent)
        out.append(decimal: fields.line)
        out.append(":")
        out.append(decimal: fields.column)
        let position = out.count - start - indent.utf8CodeUnitCount
        for _ in position ..< max(position, 7) { out.append(" ") }
        out.append(" ")
        let column = indent.utf8CodeUnitCount + max(position, 7) + 1 + 7 + 2 + code.count + 2
        switch (fields.severity, style.enabled) {
        case (.error, false): out.append("error  ")
        case (.warning, false): out.append("warning")
        case (.info, false): out.append("info   ")
        case (.error, true): out.append("\u{1B}[31merror  \u{1B}[0m")
        case (.warning, true): out.append("\u{1B}[33mwarning\u{1B}[0m")
        case (.info, true): out.append("\u{1B}[34minfo   \u{1B}[0m")
        }
        out.append("  ")
        if style.enabled { out.append("\u{1B}[1m") }
        out.append(code)
        if style.enabled { out.append("\u{1B}[0m") }
        out.append("  ")
        let room = max(20, width - column)
        if singleSpaced {
            var first = true
            ASCIIText.singleSpacedLines(of: message, width: room) { line in
                // Every line but the first hangs under the message's column.
                if first { first = false } else { appendSpaces(column, to: &out) }
                out.append(line)
                out.append("\n")
            }
            return true
        }
        var first = true
        var lineStart = true
        ASCIIText.lines(of: message, width: room) { piece in
            if lineStart {
                // Every line but the first hangs under the message's column.
                if first { first = false } else { appendSpaces(column, to: &out) }
                lineStart = false
            }
            switch piece {
            case .word(let word): out.append(word)
            case .space: out.append(" ")
            case .end:
                out.append("\n")
                lineStart = true
            }
        }
        return true
    }

    private static func appendSpaces(_ count: Int, to out: inout ByteBuffer) {
        out.append(repeating: ASCII.space, count: count)
    }

    /// `file:line  pointer`, the header of a message block.
    static func header(source: String, line: Int, pointer: String, style: Style) -> String {
        style.bold("\(VisibleText.escaped(source)):\(line)")
            + (pointer.isEmpty ? "" : "  " + style.cyan(VisibleText.escaped(pointer)))
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
