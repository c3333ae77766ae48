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
        options: [CommonOptions.format(["text", "json"]), CommonOptions.outputFile, forceKind, feed]
            + CommonOptions.reading.map { $0.name == CommonOptions.sdk.name ? CommonOptions.sdkOrAll : $0 },
        takesPaths: true)

    static let command = Command(spec: spec) { arguments, console in
        var invocation = Invocation(arguments, console: console)
        guard invocation.applyConfiguredProfile(console: console) else { return ExitCode.usage }
        invocation.inspection.forceKind = arguments.value("--force-kind").flatMap(CardKind.init(rawValue:))
        if arguments.value("--sdk") == CommonOptions.allProfiles {
            return try compareProfiles(invocation, console: console)
        }
        let pipeline = InputPipeline(invocation: invocation, console: console, analyzer: Analyzer())
        let json = invocation.format == "json"
        let inFeedOrder = arguments.has("--feed")
        let text = ResolveText(style: invocation.style, glyphs: CardGlyphs.forEnvironment(console.environment),
                               quiet: invocation.quiet, language: invocation.inspection.language)
        var writer = MessagesJSONWriter(out: console.out, profile: invocation.profile, listKey: "messages")
        var held = FeedQueue()
        if !json && !invocation.quiet {
            console.out.line(text.profileLine(invocation.profile))
            console.out.line()
        }
        let result = try pipeline.run { document, diagnostics in
            if json {
                diagnostics.document.forEach { writer.addFinding($0) }
            } else {
                text.document(document.source, diagnostics.document, excerpt: document.parseIssue?.excerpt).forEach(console.out.line)
            }
            for (inspected, unordered) in zip(document.messages, diagnostics.messages) {
                let findings = PositionOrder.sorted(unordered)
                if inFeedOrder {
                    let key = FeedOrder.Key(inspected.message, inspected.resolution)
                    if json {
                        held.add(key) { FeedQueue.renderOpen(ResolveJSON.message(inspected, findings), to: &$0) }
                    } else {
                        held.add(key) { FeedQueue.render(text.message(inspected, findings), to: &$0) }
                    }
                } else if json {
                    writer.add(ResolveJSON.message(inspected, findings))
                } else {
                    text.message(inspected, findings).forEach(console.out.line)
                }
            }
        }
        if inFeedOrder {
            held.inFeedOrder { position, rendered in
                if json {
                    writer.add { bytes in
                        bytes.append(contentsOf: rendered)
                        bytes += FeedQueue.closing(position: position)
                    }
                } else if !rendered.isEmpty {
                    console.out.write(style: text.style, number: position)
                    console.out.write(bytes: Array(rendered))
                }
            }
        }
        if json { writer.finish() }
        return MessagesEnvelope.exitCode(result)
    }
}

extension ResolveCommand {
    /// `resolve --sdk all`: per message, what each profile draws, side by side; only the
    /// aspects that differ are shown in text (JSON has them all, with `differs`).
    static func compareProfiles(_ invocation: Invocation, console: Console) throws -> Int32 {
        let pipeline = InputPipeline(invocation: invocation, console: console, analyzer: Analyzer())
        let json = invocation.format == "json"
        let text = ProfileComparisonText(style: invocation.style, glyphs: CardGlyphs.forEnvironment(console.environment))
        var writer = MessagesJSONWriter(out: console.out, profileName: CommonOptions.allProfiles, listKey: "messages")
        let forceKind = invocation.inspection.forceKind
        let result = try pipeline.run { document, diagnostics in
            if json {
                diagnostics.document.forEach { writer.addFinding($0) }
            } else {
                ResolveText(style: invocation.style, glyphs: text.glyphs, quiet: invocation.quiet)
                    .document(document.source, diagnostics.document, excerpt: document.parseIssue?.excerpt).forEach(console.out.line)
            }
            for inspected in document.messages {
                let comparison = ProfileComparison(inspected.message, forceKind: forceKind)
                if json {
                    writer.add(ProfileComparisonJSON.message(inspected.message, comparison))
                } else if !(invocation.quiet && comparison.differing.isEmpty) {
                    text.lines(inspected.message, comparison).forEach(console.out.line)
                }
            }
        }
        if json { writer.finish(more: [("profiles", .array(SDKProfile.all.map { .string($0.name) }))]) }
        return MessagesEnvelope.exitCode(result)
    }
}

/// The messages of `resolve --feed`, held until all are read because the feed sorts them
/// all: per message only its sort key and its output, already rendered. The output goes
/// into blocks of about a megabyte, so holding it never copies what is already held.
struct FeedQueue {
    private static let blockSize = 1 << 20

    private struct Span {
        var block: Int
        var range: Range<Int>
    }

    private var keys: [FeedOrder.Key] = []
    private var spans: [Span] = []
    private var blocks: [[UInt8]] = []

    mutating func add(_ key: FeedOrder.Key, _ render: (inout [UInt8]) -> Void) {
        keys.append(key)
        if blocks.isEmpty || blocks[blocks.count - 1].count >= Self.blockSize {
            blocks.append([])
            blocks[blocks.count - 1].reserveCapacity(Self.blockSize + Self.blockSize / 4)
        }
        let block = blocks.count - 1
        let start = blocks[block].count
        render(&blocks[block])
        spans.append(Span(block: block, range: start..<blocks[block].count))
    }

    /// Each message's output in feed order, with its 1-based place in the feed.
    func inFeedOrder(_ body: (Int, ArraySlice<UInt8>) -> Void) {
        for (position, index) in FeedOrder.order(keys).enumerated() {
            let span = spans[index]
            body(position + 1, blocks[span.block][span.range])
        }
    }

    /// A message object as an item of the envelope's list, without its closing `}`, so
    /// the `feedPosition` member can still be added.
    static func renderOpen(_ message: JSONOut, to bytes: inout [UInt8]) {
        MessagesJSONWriter.append(message, indent: MessagesJSONWriter.itemIndent, to: &bytes)
        let closing = Array("\n    }".utf8)
        if bytes.count >= closing.count, bytes.suffix(closing.count).elementsEqual(closing) {
            bytes.removeLast(closing.count)
        }
    }

    /// What `renderOpen` left out: the `feedPosition` member and the closing `}`.
    static func closing(position: Int) -> [UInt8] {
        Array(",\n      \"feedPosition\": \(position)\n    }".utf8)
    }

    /// A message's text lines; its number is written in front of the first at the end.
    static func render(_ lines: [String], to bytes: inout [UInt8]) {
        for line in lines {
            bytes += Array(line.utf8)
            bytes.append(0x0A)
        }
    }
}

private extension OutputBuffer {
    /// `3. ` in front of a message's header in the feed.
    func write(style: Style, number: Int) {
        write(style.bold("\(number).") + " ")
    }
}
