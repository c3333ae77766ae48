import InboxModel

/// `resolve`: what each message becomes on the phone — layout and why, the card
/// preview, buttons, pinning, decoded rich data — and, with `--feed`, in which order.
enum ResolveCommand {
    static let forceKind = OptionSpec.value(
        "--force-kind", "KIND", "Draw every message as this kind, like the app's attributes.forceCellKind",
        choices: CardKind.allCases.map(\.rawValue))
    static let feed = OptionSpec.flag("--feed", "Print messages in feed order (pinned, unread, newest first), numbered")

    static let spec = CommandSpec(
        name: "resolve", abstract: "Show each message's layout, degradation, pinning and card preview",
        usage: "inbox-inspector resolve [options] [PATH...]",
        discussion: """
            Reads payloads (request, notification, push, inbox or SDK message) and shows what InboxKit draws: \
            the layout and why, a preview of the card, the buttons, pinning and the findings.
            """,
        options: [CommonOptions.format(["text", "json"]), forceKind, feed] + CommonOptions.reading,
        takesPaths: true)

    static let command = Command(spec: spec) { arguments, console in
        var invocation = Invocation(arguments, console: console)
        invocation.inspection.forceKind = arguments.value("--force-kind").flatMap(CardKind.init(rawValue:))
        let pipeline = InputPipeline(invocation: invocation, console: console, analyzer: Analyzer())
        let json = invocation.format == "json"
        let inFeedOrder = arguments.has("--feed")
        let text = ResolveText(style: invocation.style, glyphs: CardGlyphs.forEnvironment(console.environment),
                               quiet: invocation.quiet)
        var messages: [JSONOut] = []
        var documentFindings: [JSONOut] = []
        var held: [(message: InspectedMessage, findings: [Diagnostic])] = []
        if !json && !invocation.quiet {
            console.out.line(text.profileLine(invocation.profile))
            console.out.line()
        }
        let result = try pipeline.run { document, diagnostics in
            if json {
                documentFindings += diagnostics.document.map(JSONOut.diagnostic)
            } else {
                text.document(document.source, diagnostics.document).forEach(console.out.line)
            }
            for (inspected, unordered) in zip(document.messages, diagnostics.messages) {
                let findings = FindingText.inFileOrder(unordered)
                if inFeedOrder {
                    held.append((inspected, findings))
                } else if json {
                    messages.append(ResolveJSON.message(inspected, findings))
                } else {
                    text.message(inspected, findings).forEach(console.out.line)
                }
            }
        }
        if inFeedOrder {
            let order = FeedOrder.order(held.map { FeedOrder.Key($0.message.message, $0.message.resolution) })
            for (position, index) in order.enumerated() {
                let entry = held[index]
                if json {
                    guard case .object(var keys) = ResolveJSON.message(entry.message, entry.findings) else { continue }
                    keys.append(("feedPosition", .int(position + 1)))
                    messages.append(.object(keys))
                } else {
                    text.message(entry.message, entry.findings, number: position + 1).forEach(console.out.line)
                }
            }
        }
        if json {
            console.out.line(MessagesEnvelope.json(profile: invocation.profile, messages: messages,
                                                   documentFindings: documentFindings))
        }
        return MessagesEnvelope.exitCode(result)
    }
}
