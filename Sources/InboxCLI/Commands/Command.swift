import InboxModel

/// A command: its declaration and what it does with the parsed arguments. Returns the
/// exit code; throws `UsageError` for problems with the invocation (exit code 2).
struct Command: Sendable {
    var spec: CommandSpec
    var run: @Sendable (ParsedArguments, Console) throws -> Int32
}

/// Exit codes of BEHAVIOUR §8.
enum ExitCode {
    static let success: Int32 = 0
    static let findings: Int32 = 1
    static let usage: Int32 = 2
}

/// The registry of commands, in the order `help` lists them.
enum Commands {
    static let all: [Command] = [
        ResolveCommand.command, ButtonsCommand.command, StoriesCommand.command, PreviewCommand.command,
        ValidateCommand.command,
        RulesCommand.command, HelpCommand.command,
    ]

    /// The command called `name`, made alone, so a start does not declare every command's
    /// options (their choices and defaults, the SDK profiles' names) as making `all` does.
    static func named(_ name: String) -> Command? {
        switch name {
        case "resolve": return ResolveCommand.command
        case "buttons": return ButtonsCommand.command
        case "stories": return StoriesCommand.command
        case "preview": return PreviewCommand.command
        case "validate": return ValidateCommand.command
        case "rules": return RulesCommand.command
        case "help": return HelpCommand.command
        default: return nil
        }
    }
}
