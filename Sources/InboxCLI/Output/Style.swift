/// Colour for people on a terminal: `--color auto` colours only when stdout is a
/// terminal and `NO_COLOR` is unset; `always` and `never` override.
struct Style {
    var enabled: Bool

    init(enabled: Bool) {
        self.enabled = enabled
    }

    init(mode: String, console: Console) {
        switch mode {
        case "always": enabled = true
        case "never": enabled = false
        default:
            let noColor = console.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            enabled = console.stdoutIsTerminal && !noColor
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { paint(text, "1") }
    func dim(_ text: String) -> String { paint(text, "2") }
    func red(_ text: String) -> String { paint(text, "31") }
    func yellow(_ text: String) -> String { paint(text, "33") }
    func blue(_ text: String) -> String { paint(text, "34") }
    func cyan(_ text: String) -> String { paint(text, "36") }
    func green(_ text: String) -> String { paint(text, "32") }
}
