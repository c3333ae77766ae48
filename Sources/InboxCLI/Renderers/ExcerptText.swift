import InboxModel
import InboxCore

/// The source line of a syntax error with a caret under the spot, as rustc and ruff show
/// it: `  |` gutter, the line (cut to the part around the spot on a long line), `^`.
struct ExcerptText {
    var style: Style

    /// The excerpt shown under `finding`: only a syntax error (IK001) has its line shown.
    func lines(under finding: Diagnostic, _ excerpt: SourceExcerpt?, indent: String) -> [String] {
        guard finding.code == "IK001", let excerpt else { return [] }
        return lines(excerpt, indent: indent)
    }

    func lines(_ excerpt: SourceExcerpt, indent: String) -> [String] {
        let before = String(decoding: excerpt.text.utf8.prefix(excerpt.caretOffset), as: UTF8.self)
        let lead = excerpt.cutBefore ? "..." : ""
        let shown = lead + TerminalText.clean(excerpt.text) + (excerpt.cutAfter ? "..." : "")
        let caretColumn = lead.count + TerminalText.width(TerminalText.clean(before))
        let gutter = style.dim("|")
        return [indent + gutter + " " + shown,
                indent + gutter + " " + String(repeating: " ", count: caretColumn) + style.red("^")]
    }
}
