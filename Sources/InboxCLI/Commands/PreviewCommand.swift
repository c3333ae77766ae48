import Foundation
import InboxModel

/// `preview`: the inbox feed as one self-contained HTML page, as InboxKit draws it on an
/// iPhone, under every SDK profile (switched in the page), with each card's verdict,
/// degradation and findings, and Push Stories as storyboards.
///
/// A command of its own rather than `resolve --format html`: it draws every profile at
/// once, adds the stories, and writes one page for all inputs, where `resolve` shows one
/// profile message by message as it reads.
enum PreviewCommand {
    static let output = OptionSpec(name: "--output", short: "-o", valueName: "FILE",
                                   help: "Write the page to FILE instead of standard output", choices: nil, defaultValue: nil)
    static let offline = OptionSpec.flag(
        "--offline", "Draw placeholders named after the images instead of loading them: the page makes no request")

    static let spec = CommandSpec(
        name: "preview", abstract: "Write the inbox feed as an HTML page, as an iPhone draws it",
        usage: "inbox-inspector preview [options] [PATH...]",
        discussion: """
            Reads payloads and writes one self-contained HTML page: the inbox feed in the SDK's order \
            on an iPhone-width screen, every card as InboxKit lays it out, a switch between SDK profiles \
            (--sdk is shown first) that highlights cards that differ, each card's verdict, degradation \
            and findings, and Push Stories as playable storyboards. Images load from the payloads' own \
            URLs unless --offline.
            """,
        options: [output, offline, CommonOptions.sdk, CommonOptions.shape, CommonOptions.lang, CommonOptions.ndjson,
                  CommonOptions.jobs, CommonOptions.help],
        takesPaths: true)

    static let command = Command(spec: spec) { arguments, console in
        let invocation = Invocation(arguments, console: console)
        let profiles = SDKProfile.all
        let selected = profiles.firstIndex(of: invocation.profile) ?? profiles.count - 1
        let analyzer = Analyzer()
        let collector = PreviewCollector(profiles: profiles, selected: selected, analyzer: analyzer,
                                         offline: arguments.has("--offline"))
        var gathered = PreviewCollector.Prepared()
        let pipeline = InputPipeline(invocation: invocation, console: console, analyzer: analyzer)
        let result = try pipeline.run(prepare: { document, diagnostics, _ in collector.prepare(document, diagnostics) },
                                      deliver: { gathered.add($0) })
        let ordered = FeedOrder.order(gathered.items.map(\.key)).map { gathered.items[$0] }
        let page = PreviewPage(profiles: profiles, selected: selected, offline: arguments.has("--offline"))
        let html = page.html(items: ordered, stories: gathered.stories, fileFindings: gathered.fileFindings, ruleCodes: gathered.codes)
        if let path = arguments.value("--output"), path != "-" {
            guard FileManager.default.createFile(atPath: path, contents: Data(html.utf8)) else {
                console.problem("cannot write '\(path)'")
                return ExitCode.usage
            }
        } else {
            console.out.write(html)
        }
        return MessagesEnvelope.exitCode(result)
    }
}

/// Turns each inspected document into its part of the preview, on the worker that
/// inspected it: every message drawn under each profile (the document is inspected again
/// under the profiles other than the one the pipeline used), its story, and the rules met.
struct PreviewCollector: Sendable {
    var profiles: [SDKProfile]
    var selected: Int
    var analyzer: Analyzer
    var card: PreviewCard
    var notes = PreviewNotes()
    var story: PreviewStory

    init(profiles: [SDKProfile], selected: Int, analyzer: Analyzer, offline: Bool) {
        self.profiles = profiles
        self.selected = selected
        self.analyzer = analyzer
        card = PreviewCard(image: PreviewImage(offline: offline))
        story = PreviewStory(image: PreviewImage(offline: offline))
    }

    /// What the page is made of, gathered in input order.
    struct Prepared: Sendable {
        var items: [PreviewFeedItem] = []
        var stories: [String] = []
        var fileFindings: [(source: String, findings: [Diagnostic])] = []
        var codes: Set<String> = []

        mutating func add(_ other: Prepared) {
            items += other.items
            stories += other.stories
            fileFindings += other.fileFindings
            codes.formUnion(other.codes)
        }
    }

    /// The findings a storyboard shows, as `stories` does: reading the input, the story, the size.
    private static let storyCodePrefixes = ["IK0", "IK8", "IK9"]

    func prepare(_ document: InspectedDocument, _ diagnostics: DocumentDiagnostics) -> Prepared {
        var prepared = Prepared()
        let documentFindings = diagnostics.document
        if !documentFindings.isEmpty {
            prepared.fileFindings.append((document.source, PositionOrder.sorted(documentFindings)))
            prepared.codes.formUnion(documentFindings.map(\.code))
        }
        let messageCount = document.messages.count
        guard messageCount > 0 else { return prepared }
        // Read before the analyzer runs again on this thread (it reuses the thread's report).
        let selectedFindings = diagnostics.messages.map(PositionOrder.sorted)
        // Per profile, each message with its findings, in document order.
        var drawn: [[(message: InspectedMessage, findings: [Diagnostic])]] = []
        for (index, profile) in profiles.enumerated() {
            if index == selected {
                drawn.append(Array(zip(document.messages, selectedFindings)))
                continue
            }
            let again = InspectedMessages(document.messages.map { InspectedMessage(message: $0.message, profile: profile) })
            let redone = InspectedDocument(source: document.source, firstLine: document.firstLine, document: document.document,
                                           messages: again)
            drawn.append(Array(zip(again, analyzer.diagnose(redone).messages.map(PositionOrder.sorted))))
        }
        for position in 0 ..< messageCount {
            var variants: [PreviewFeedItem.Variant] = []
            var layouts: [CardKind] = []
            var buttons: [[String]] = []
            var images: [Bool] = []
            var reaches: [Bool] = []
            var degraded: [Bool] = []
            for index in profiles.indices {
                let (message, findings) = drawn[index][position]
                let cardHTML = card.html(message, message.resolution)
                let notesHTML = notes.html(message, message.resolution, findings: findings)
                if let same = variants.firstIndex(where: { $0.card == cardHTML && $0.notes == notesHTML }) {
                    variants[same].profiles.append(index)
                } else {
                    variants.append(PreviewFeedItem.Variant(profiles: [index], card: cardHTML, notes: notesHTML))
                }
                layouts.append(message.resolution.layout)
                images.append(message.resolution.image != nil)
                buttons.append(message.resolution.buttons.buttons.map { "\($0.title): \($0.action.kind.rawValue)" })
                reaches.append(InboxReach(message).reaches)
                degraded.append(message.resolution.degraded)
                prepared.codes.formUnion(findings.map(\.code))
            }
            let (shown, findings) = drawn[selected][position]
            prepared.items.append(PreviewFeedItem(key: FeedOrder.Key(shown, shown.resolution), line: shown.position.line,
                                                  pointer: shown.pointer, variants: variants,
                                                  layouts: layouts, images: images, buttons: buttons, reaches: reaches, degraded: degraded))
            if let found = shown.story {
                let storyFindings = findings.filter { finding in Self.storyCodePrefixes.contains { finding.code.hasPrefix($0) } }
                prepared.stories.append(story.html(shown, found, findings: storyFindings))
            }
        }
        return prepared
    }
}
