import InboxModel

/// `buttons`: each inline button, the action it resolves to, and whether the layout
/// draws it. Only the findings about buttons (and about reading the input) are shown.
enum ButtonsCommand {
    static let spec = CommandSpec(
        name: "buttons", abstract: "Show each inline button and the action it resolves to",
        usage: "inbox-inspector buttons [options] [PATH...]",
        discussion: """
            Decodes each message's buttons as the SDK does (action token, then url, then custom) and says whether \
            the card's layout draws them (only captioned and classic do).
            """,
        options: [CommonOptions.format(["text", "json"]), CommonOptions.outputFile, ResolveCommand.forceKind]
            + CommonOptions.reading,
        takesPaths: true)

    /// Findings shown by `buttons`: about the buttons (IK6xx) and about reading the input (IK0xx).
    static func isAboutButtons(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.code.hasPrefix("IK6") || diagnostic.code.hasPrefix("IK0")
    }

    static let command = Command(spec: spec) { arguments, console in
        var invocation = Invocation(arguments, console: console)
        guard invocation.applyConfiguredProfile(console: console) else { return ExitCode.usage }
        invocation.inspection.forceKind = arguments.value("--force-kind").flatMap(CardKind.init(rawValue:))
        let pipeline = InputPipeline(invocation: invocation, console: console, analyzer: Analyzer())
        let json = invocation.format == "json"
        let text = ButtonsReport(style: invocation.style, glyphs: CardGlyphs.forEnvironment(console.environment),
                                 quiet: invocation.quiet)
        var writer = MessagesJSONWriter(out: console.out, profile: invocation.profile, listKey: "messages")
        if !json && !invocation.quiet {
            console.out.line(ResolveText(style: invocation.style, glyphs: text.glyphs, quiet: false)
                .profileLine(invocation.profile))
            console.out.line()
        }
        let result = try pipeline.run { document, diagnostics in
            let documentLevel = diagnostics.document.filter(isAboutButtons)
            if json {
                documentLevel.forEach { writer.addFinding($0) }
            } else {
                ResolveText(style: invocation.style, glyphs: text.glyphs, quiet: invocation.quiet)
                    .document(document.source, documentLevel, excerpt: document.parseIssue?.excerpt).forEach(console.out.line)
            }
            for (inspected, unordered) in zip(document.messages, diagnostics.messages) {
                let findings = PositionOrder.sorted(unordered)
                let relevant = findings.filter(isAboutButtons)
                if json {
                    writer.add(ButtonsJSON.message(inspected, relevant))
                } else {
                    text.message(inspected, relevant).forEach(console.out.line)
                }
            }
        }
        if json { writer.finish() }
        return MessagesEnvelope.exitCode(result)
    }
}
