import InboxModel

/// `validate --format github`: GitHub Actions workflow commands, one per finding, which
/// GitHub shows as annotations on the file and line:
/// `::error file=Examples/a.json,line=6,col=7,title=IK101::message`. Info findings become
/// `::notice`. The summary line follows as plain log text.
struct ValidateGitHub: ValidateRenderer {
    var out: OutputBuffer

    /// The document's commands, one line each.
    func render(_ document: ValidatedDocument) -> [UInt8] {
        var text = ""
        document.forEachFindingByPosition { finding in
            text += Self.command(finding)
            text += "\n"
        }
        return Array(text.utf8)
    }

    mutating func add(_ fragment: [UInt8]) {
        guard !fragment.isEmpty else { return }
        out.write(bytes: fragment)
    }

    mutating func finish(_ summary: ValidateSummary) {
        out.line(summary.line)
    }

    static func command(_ finding: Diagnostic) -> String {
        let level: String
        switch finding.severity {
        case .error: level = "error"
        case .warning: level = "warning"
        case .info: level = "notice"
        }
        let properties = [("file", finding.source), ("line", "\(finding.line)"), ("col", "\(finding.column)"),
                          ("title", finding.code)]
            .map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(level) \(properties)::\(escapeData(finding.message))"
    }

    /// The message part: `%`, CR and LF are encoded (GitHub's `escapeData`).
    static func escapeData(_ text: String) -> String {
        escape(text, property: false)
    }

    /// A property value: as data, plus `:` and `,` (GitHub's `escapeProperty`).
    static func escapeProperty(_ text: String) -> String {
        escape(text, property: true)
    }

    private static func escape(_ text: String, property: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
