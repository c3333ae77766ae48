import InboxModel

/// `buttons`: each inline button and the action it resolves to.
enum ButtonsCommand {
    static let spec = CommandSpec(
        name: "buttons", abstract: "Show each inline button and the action it resolves to",
        usage: "inbox-inspector buttons [options] [PATH...]",
        discussion: "",
        options: [CommonOptions.format(["text", "json"])] + CommonOptions.reading,
        takesPaths: true)

    static let command = Command(spec: spec) { arguments, console in
        try ResolveCommand.command.run(arguments, console)
    }
}
