import InboxModel

/// The command-line front end: `inbox-inspector <command> [options] [PATH...]`.
public enum CLI {
    /// Runs one invocation on the real terminal and returns the exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        let console = Console.standard()
        return finish(run(arguments, console: console), console: console)
    }

    /// Flushes the output; when it could not all be written, says so and returns 2 (an
    /// incomplete report must not pass for a whole one), else `status`.
    static func finish(_ status: Int32, console: Console) -> Int32 {
        var status = status
        console.out.flush()
        if case .failed(let reason) = console.out.outcome {
            console.problem("error: cannot write the output: \(reason)")
            status = ExitCode.usage
        }
        console.err.flush()
        return status
    }

    /// Runs one invocation against a console (the real one, or a capturing one in tests).
    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.err.write(HelpCommand.overview)
            return ExitCode.usage
        }
        switch first {
        case "--help", "-h":
            console.out.write(HelpCommand.overview)
            return ExitCode.success
        case "--version":
            console.out.line("\(Tool.name) \(Tool.version)")
            return ExitCode.success
        default:
            break
        }
        guard let command = Commands.named(first) else {
            var message = "unknown command '\(Excerpt.of(first))'"
            if let close = EditDistance.suggestion(for: first, among: Commands.all.map(\.spec.name)) {
                message += " (did you mean '\(close)'?)"
            }
            console.problem(message + "; run 'inbox-inspector --help' for the list")
            return ExitCode.usage
        }
        do {
            var parsed = try ArgumentParser(command: command.spec).parse(Array(arguments.dropFirst()))
            parsed.commandLine = arguments
            if parsed.has("--help") {
                console.out.write(command.spec.help)
                return ExitCode.success
            }
            return try OutputRedirection.run(command, parsed, console)
        } catch let error as UsageError {
            let hint = error.command.map { "; see 'inbox-inspector \($0) --help'" } ?? ""
            console.problem("error: \(error.message)\(hint)")
            return ExitCode.usage
        } catch {
            console.problem("error: \(error)")
            return ExitCode.usage
        }
    }
}
