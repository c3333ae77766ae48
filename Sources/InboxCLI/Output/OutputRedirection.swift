/// `--output-file PATH` of the commands with one output (resolve, buttons, stories): the
/// command runs against a console whose stdout is the file, and a write that failed makes
/// the exit code 2. `validate` declares the option itself (several outputs, FORMAT:PATH).
enum OutputRedirection {
    static func run(_ command: Command, _ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        // Only for a command that declares the common option (validate's own takes FORMAT:PATH).
        guard command.spec.option(named: CommonOptions.outputFile.name)?.valueName == CommonOptions.outputFile.valueName,
              let path = arguments.value(CommonOptions.outputFile.name), path != "-" else {
            return try command.run(arguments, console)
        }
        let file = try OutputFile(path: path)
        var status = try command.run(arguments, console.writing(to: file.buffer))
        if let failure = file.close() {
            console.problem("error: " + failure)
            status = ExitCode.usage
        }
        return status
    }
}
