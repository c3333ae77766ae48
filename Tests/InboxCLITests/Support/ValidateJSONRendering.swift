@testable import InboxModel
@testable import InboxCLI

/// The report `validate --format json` writes for documents already inspected and
/// diagnosed, made as `ValidateCommand.check` makes it: for the tests that compare the
/// renderer's ways of writing (read in place or through `render`, in turn or in fragments).
enum ValidateJSONRendering {
    struct Result {
        var output = ""
        /// Each document's severity counts, in order.
        var counts: [SeverityCounts] = []
        /// Documents written in place (`renderInPlace` took them).
        var inPlace = 0
        /// Documents whose findings came as the analyzer's records.
        var recorded = 0
    }

    static func render(_ documents: [(InspectedDocument, DocumentDiagnostics)], profile: SDKProfile = .guide,
                       inTurn: Bool, inPlace: Bool) -> Result {
        let out = OutputBuffer()
        var renderer = ValidateJSON(out: out, profile: profile, rendersInTurn: inTurn)
        let layout = renderer
        var result = Result()
        for (document, diagnostics) in documents {
            var document = document
            var diagnostics = diagnostics
            if diagnostics.records != nil { result.recorded += 1 }
            if inPlace, let rendered = layout.renderInPlace(document, diagnostics) {
                result.inPlace += 1
                result.counts.append(rendered.counts)
                renderer.add(rendered.fragment)
                continue
            }
            let validated = ValidateCommand.validatedDocument(taking: &document, &diagnostics, selection: RuleSelection())
            result.counts.append(validated.severityCounts)
            renderer.add(layout.render(validated))
        }
        renderer.finish(ValidateSummary(profile: profile, files: documents.count, messages: 0, counts: SeverityCounts(),
                                        failOn: .error, maxWarnings: nil, failed: false))
        out.flush()
        result.output = out.capturedText
        return result
    }
}
