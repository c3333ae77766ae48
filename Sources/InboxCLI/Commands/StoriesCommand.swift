import InboxModel

/// `stories`: Push Stories pages, timings, fallback and the Info.plist check.
///
/// Only story messages are listed (category PW_STORIES or a `pw_stories` key). A story
/// that falls back is a valid input, so it does not change the exit code: 1 means an
/// input could not be parsed, 2 a usage error, an unreadable path or an unreadable plist.
enum StoriesCommand {
    static let spec = CommandSpec(
        name: "stories", abstract: "Show Push Stories pages, timings, fallback and check Info.plist",
        usage: "inbox-inspector stories [options] [PATH...]",
        discussion: """
            Lists each Push Stories payload (category PW_STORIES or a pw_stories block): where
            the block was found, each page with its timing, image, texts and button, or why the
            default notification is shown instead. With --plist, also checks the story content
            extension's Info.plist. Exit code 1 only when an input cannot be parsed.
            """,
        options: [CommonOptions.format(["text", "json"]), CommonOptions.outputFile, ExtensionOptions.plist,
                  ExtensionOptions.aspectRatio]
            + CommonOptions.reading,
        takesPaths: true)

    /// The findings a storyboard shows: reading the input (IK0), stories (IK8) and the
    /// APNs size (IK9), which story payloads with many pages easily exceed. Layout,
    /// button and inbox-delivery findings belong to `resolve` and `validate`.
    static let analyzer = Analyzer(rules: RuleCatalogue.all.filter { rule in
        ["IK0", "IK8", "IK9"].contains { rule.code.hasPrefix($0) }
    })

    static let command = Command(spec: spec) { arguments, console in
        var invocation = Invocation(arguments, console: console)
        guard invocation.applyConfiguredProfile(console: console) else { return ExitCode.usage }
        let extensionInfo = try ExtensionCheck.info(arguments: arguments, console: console, command: spec.name)
        let extensionFindings = extensionInfo.map { InfoPlistMismatch().diagnostics(for: $0) } ?? []
        let json = invocation.format == "json"
        let style = invocation.style
        if let extensionInfo, !json {
            for line in StoryExtensionText.lines(extensionInfo, findings: extensionFindings, style: style) {
                console.out.line(line)
            }
            console.out.line()
        }
        let pipeline = InputPipeline(invocation: invocation, console: console, analyzer: analyzer)
        let text = StoryText(style: style, quiet: invocation.quiet)
        var writer = MessagesJSONWriter(out: console.out, profile: invocation.profile, listKey: "stories")
        var storyCount = 0
        var fallbackCount = 0
        let result = try pipeline.run { document, diagnostics in
            if json {
                diagnostics.document.forEach { writer.addFinding($0) }
            } else {
                for finding in diagnostics.document {
                    console.out.line(FindingText.header(source: document.source, line: finding.line,
                                                        pointer: finding.pointer, style: style))
                    FindingText.lines(finding, style: style).forEach(console.out.line)
                    ExcerptText(style: style).lines(under: finding, document.parseIssue?.excerpt, indent: "  ")
                        .forEach(console.out.line)
                    console.out.line()
                }
            }
            for (inspected, findings) in zip(document.messages, diagnostics.messages) {
                guard let story = inspected.story else {
                    if json {
                        writer.add(StoryJSON.notAStory(inspected, findings: findings))
                    } else if !invocation.quiet {
                        for line in text.notAStoryLines(inspected, findings: findings) { console.out.line(line) }
                        console.out.line()
                    }
                    continue
                }
                storyCount += 1
                if story.isFallback { fallbackCount += 1 }
                if json {
                    writer.add(StoryJSON.story(inspected, story, findings: findings))
                } else {
                    let shown = QuietFilter.shown(findings, quiet: invocation.quiet)
                    guard !(invocation.quiet && shown.isEmpty) else { continue }
                    for line in text.lines(inspected, story, findings: shown) { console.out.line(line) }
                    console.out.line()
                }
            }
        }
        let messages = result.totals.messages
        if json {
            let more = extensionInfo.map { [("extension", StoryJSON.extensionInfo($0, findings: extensionFindings))] } ?? []
            writer.finish(more: more)
        } else {
            console.out.line(summary(stories: storyCount, fallbacks: fallbackCount, messages: messages))
        }
        return MessagesEnvelope.exitCode(result)
    }

    /// `2 stories in 5 messages (1 falls back)`, or says there are none.
    static func summary(stories: Int, fallbacks: Int, messages: Int) -> String {
        let inMessages = "in \(messages) message\(messages == 1 ? "" : "s")"
        guard stories > 0 else { return "no Push Stories payloads \(inMessages)" }
        var line = "\(stories) stor\(stories == 1 ? "y" : "ies") \(inMessages)"
        if fallbacks > 0 { line += " (\(fallbacks) fall\(fallbacks == 1 ? "s" : "") back to the default notification)" }
        return line
    }
}
