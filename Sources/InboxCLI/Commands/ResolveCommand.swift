import InboxModel

/// `resolve`: what each message becomes on the phone.
enum ResolveCommand {
    static let spec = CommandSpec(
        name: "resolve", abstract: "Show each message's layout, degradation, pinning and card preview",
        usage: "inbox-inspector resolve [options] [PATH...]",
        discussion: "Reads payloads (request, notification, push, inbox or SDK message) and shows what InboxKit draws.",
        options: [CommonOptions.format(["text", "json"])] + CommonOptions.reading,
        takesPaths: true)

    static let command = Command(spec: spec) { arguments, console in
        let invocation = Invocation(arguments, console: console)
        let pipeline = InputPipeline(invocation: invocation, console: console, analyzer: Analyzer())
        let listing = MessageListing(style: invocation.style, quiet: invocation.quiet)
        var messages: [JSONOut] = []
        var documentFindings: [JSONOut] = []
        let json = invocation.format == "json"
        let result = try pipeline.run { document, diagnostics in
            if json {
                documentFindings += diagnostics.document.map(JSONOut.diagnostic)
                for (inspected, findings) in zip(document.messages, diagnostics.messages) {
                    var keys = MessageListing.jsonKeys(inspected.message)
                    keys.append(("image", .optional(inspected.message.image?.url)))
                    keys.append(("diagnostics", .array(findings.map(JSONOut.diagnostic))))
                    messages.append(.object(keys))
                }
            } else {
                listing.text(document, diagnostics, into: console.out)
            }
        }
        if json {
            console.out.line(JSONOut.object([
                ("tool", .tool()), ("profile", .string(invocation.profile.name)),
                ("messages", .array(messages)), ("diagnostics", .array(documentFindings)),
            ]).serialized())
        }
        if result.pathFailed { return ExitCode.usage }
        return result.totals.unusableDocuments > 0 ? ExitCode.findings : ExitCode.success
    }
}
