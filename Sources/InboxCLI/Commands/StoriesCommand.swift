import InboxModel

/// `stories`: Push Stories pages, timings, fallback and the Info.plist check.
enum StoriesCommand {
    static let spec = CommandSpec(
        name: "stories", abstract: "Show Push Stories pages, timings, fallback and check Info.plist",
        usage: "inbox-inspector stories [options] [PATH...]",
        discussion: "",
        options: [CommonOptions.format(["text", "json"])] + CommonOptions.reading,
        takesPaths: true)

    static let command = Command(spec: spec) { arguments, console in
        try ResolveCommand.command.run(arguments, console)
    }
}
