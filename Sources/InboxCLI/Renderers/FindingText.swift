import InboxModel

/// How one finding reads in text output, the same under every command:
/// `  3:12  error    IK203  requested carousel degraded to classic: no slides  /data/carousel`.
enum FindingText {
    static func line(_ diagnostic: Diagnostic, style: Style, indent: String = "  ") -> String {
        let position = "\(diagnostic.line):\(diagnostic.column)"
        let severity: String
        switch diagnostic.severity {
        case .error: severity = style.red("error  ")
        case .warning: severity = style.yellow("warning")
        case .info: severity = style.blue("info   ")
        }
        let pointer = diagnostic.pointer.isEmpty ? "" : "  " + style.dim(diagnostic.pointer)
        return "\(indent)\(position.padded(to: 7)) \(severity)  \(style.bold(diagnostic.code))  \(diagnostic.message)\(pointer)"
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
