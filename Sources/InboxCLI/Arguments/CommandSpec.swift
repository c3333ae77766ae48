/// A command's declaration: its name, what it does, its options and whether it takes
/// paths. Help text and argument errors are generated from this, never written per command.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    var usage: String
    var discussion: String
    var options: [OptionSpec]
    var takesPaths: Bool
    /// For a command taking one optional argument instead of paths (`rules CODE`, `help COMMAND`).
    var argumentName: String?

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.short == name }
    }

    func positionalError(_ word: String) -> String {
        "unexpected argument '\(word)' for '\(name)'"
    }

    /// The command that declares an option, to help someone who typed it on the wrong one.
    static func owner(ofOption name: String) -> String? {
        Commands.all.first { $0.spec.option(named: name) != nil }?.spec.name
    }

    /// `--help` text, generated from the declarations.
    var help: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usage)", ""]
        if !discussion.isEmpty { lines += TerminalText.wrap(discussion, width: 80) + [""] }
        lines.append("OPTIONS:")
        let labels = options.map { option -> String in
            var label = option.short.map { "\($0), " } ?? ""
            label += option.name
            if let value = option.valueName { label += " <\(value)>" }
            return label
        }
        let width = min(28, (labels.map(\.count).max() ?? 0) + 2)
        for (option, label) in zip(options, labels) {
            var help = option.help
            if let choices = option.choices, !option.repeatable { help += " (\(choices.joined(separator: "|")))" }
            if let value = option.defaultValue { help += " [default: \(value)]" }
            // Help wraps within 80 columns, continuing under itself.
            let wrapped = TerminalText.wrap(help, width: 80 - 2 - width)
            let hanging = String(repeating: " ", count: 2 + width)
            if label.count + 2 > width {
                lines.append("  \(label)")
                lines += wrapped.map { hanging + $0 }
            } else {
                lines.append("  " + label + String(repeating: " ", count: width - label.count) + (wrapped.first ?? ""))
                lines += wrapped.dropFirst().map { hanging + $0 }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
