import InboxModel

/// The `--plist` check in text: each of the four keys with its value and a verdict,
/// then the IK812 findings.
enum StoryExtensionText {
    static func lines(_ info: ExtensionInfo, findings: [Diagnostic], style: Style) -> [String] {
        var lines = [style.bold("Info.plist \(VisibleText.escaped(info.source))") + "  "
                     + style.dim("(story aspect ratio \(StoryNumber.text(info.aspectRatio)))")]
        let width = ExtensionKey.allCases.map(\.rawValue.count).max() ?? 0
        for setting in info.settings {
            let verdict = setting.isRight ? style.green("✓") : style.red("✗")
            let value = setting.value.map { VisibleText.escaped($0.summary) } ?? "missing"
            lines.append(StoryText.fit("  \(verdict) \(setting.key.rawValue.padded(to: width))  \(value)"))
        }
        lines += findings.flatMap { FindingText.lines($0, style: style) }
        return lines
    }
}
