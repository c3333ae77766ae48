/// `help [COMMAND]`: the overview, or one command's help.
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help", abstract: "Show help for the tool or for one command",
        usage: "inbox-inspector help [COMMAND]", discussion: "",
        options: [CommonOptions.help], takesPaths: true, argumentName: "COMMAND")

    static let command = Command(spec: spec) { arguments, console in
        guard let name = arguments.paths.first else {
            console.out.write(overview)
            return ExitCode.success
        }
        guard arguments.paths.count == 1 else { throw UsageError("help takes at most one command", command: "help") }
        guard let command = Commands.named(name) else {
            throw UsageError("unknown command '\(name)'", command: "help")
        }
        console.out.write(command.spec.help)
        return ExitCode.success
    }

    static var overview: String {
        var lines = [
            "OVERVIEW: \(Tool.name) \(Tool.version): how InboxKit will render a push payload",
            "",
            "USAGE: inbox-inspector <command> [options] [PATH...]",
            "",
            "PATH is a file, a directory (searched for *.json, *.jsonl, *.ndjson) or -",
            "for standard input.",
            "",
            "COMMANDS:",
        ]
        for command in Commands.all {
            lines.append("  " + command.spec.name.padded(to: 10) + command.spec.abstract)
        }
        lines += [
            "",
            "OPTIONS:",
            "  -h, --help  Show help (also 'inbox-inspector COMMAND --help')",
            "  --version   Show the version",
            "",
            "Exit codes: 0 no findings at the threshold; 1 findings (or unparsable input);",
            "2 usage error or unreadable path.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
