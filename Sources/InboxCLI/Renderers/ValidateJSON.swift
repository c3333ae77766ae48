import InboxModel
import InboxCore

/// `validate --format json`: the BEHAVIOUR §8 contract,
/// `{"tool", "profile", "diagnostics", "summary": {"files", "messages", "error", "warning", "info"}}`,
/// plus `"gate"` (the threshold, whether the run passed, and the paths that could not be
/// read: with any, the run fails, exit code 2). Findings are in input order,
/// sorted by position within each document.
///
/// The diagnostics are written as each document is checked and the summary comes last,
/// so memory stays bounded however many findings a large input has.
struct ValidateJSON: ValidateRenderer {
    var out: OutputBuffer
    private var profile: SDKProfile
    /// The state of the joining, shared with `render` when it writes to `out` itself (`inTurn`).
    private let joined: Joined
    /// Set when documents are rendered and joined in turn on this thread (`--jobs 1`):
    /// `render` then writes straight into the output, saving a fragment (an allocation and
    /// a copy) per document. With workers, `render` writes fragments and never touches `joined`.
    private let inTurn: Bool
    /// The constant start of each rule's findings, made once for the run and read by every
    /// document's writer (on the workers too: it never changes).
    private let heads: FindingJSONPrefixes

    /// Changed only on the thread that joins (see `inTurn`), so its accesses need no
    /// runtime exclusivity checks (as `OutputBuffer`'s bytes).
    final class Joined {
        @exclusivity(unchecked) var started = false
        @exclusivity(unchecked) var written = 0
        /// The source line of the documents' source (`DiagnosticJSON.Writer.line(of:)`),
        /// written once per input rather than once per document: the documents of a batch
        /// file share it.
        @exclusivity(unchecked) var lineSource: String?
        @exclusivity(unchecked) var line = ByteBuffer()

        /// Calls `body` with `line`'s bytes, read where they are (copied out, it was retained).
        @inline(__always)
        func withLine<R>(_ body: (Span<UInt8>) -> R) -> R { line.withSpanInPlace(body) }
    }

    /// `codes`: the rule codes whose findings' heads are made once (`FindingJSONPrefixes`); the
    /// findings of other codes are written in pieces, to the same bytes.
    init(out: OutputBuffer, profile: SDKProfile, rendersInTurn: Bool = false, codes: [String] = RuleCatalogue.codes) {
        self.out = out
        self.profile = profile
        joined = Joined()
        inTurn = rendersInTurn
        heads = FindingJSONPrefixes(codes: codes)
    }

    private func start() {
        guard !joined.started else { return }
        joined.started = true
        // The `tool` object as `JSONOut.tool()` lays it out there, written directly:
        // serializing and re-indenting it cost as much as checking dozens of notifications.
        out.write("{\n  \"tool\": {\n    \"name\": \(JSONText.quote(Tool.name)),\n    \"version\": "
                  + "\(JSONText.quote(Tool.version))\n  },\n  \"profile\": \(JSONText.quote(profile.name)),\n  \"diagnostics\": [")
    }

    /// A document's `<diagnostic>` objects, each on its own line after a comma. The first
    /// one's comma is written too, and `add` leaves it out when nothing was written before
    /// (which only it knows). With `inTurn`, the objects are in the output already.
    struct Fragment {
        /// Unset for no findings, and with `inTurn` (an empty buffer would still be retained).
        var bytes: ByteBuffer?
        var count = 0
    }

    func render(_ document: ValidatedDocument) -> Fragment {
        guard !document.isClean else { return Fragment() }
        return FindingLists.with(document.findings, document.messages.findings) { lists in
            let survey = lists.survey()
            if survey.inOrder {
                return render(source: document.source, lists: lists, findings: survey.findings,
                              textBytes: survey.textBytes)
            }
            var all = document.findings
            for findings in document.messages.findings { all += findings }
            return FindingLists.with(PositionOrder.sorted(all), []) { sorted in
                render(source: document.source, lists: sorted, findings: survey.findings, textBytes: survey.textBytes)
            }
        }
    }

    /// `render` for a document whose findings need nothing changed, read where the analyzer
    /// left them (no `ValidatedDocument` is built); nil when they are out of position order.
    func renderInPlace(_ document: borrowing InspectedDocument,
                       _ diagnostics: borrowing DocumentDiagnostics) -> RenderedDocument<Fragment>? {
        // The analyzer's records (the usual document), counted and checked as recorded.
        if let summary = diagnostics.recordSummary {
            guard summary.inPositionOrder else { return nil }
            let counts = SeverityCounts(errors: summary.errors, warnings: summary.warnings, infos: summary.infos)
            return FindingAccess.withRecords(diagnostics) { records -> RenderedDocument<Fragment> in
                guard records.count > 0 else { return RenderedDocument(fragment: Fragment(), counts: counts) }
                let fragment = render(source: document.source, findings: records.count,
                                      textBytes: summary.textBytes) { writer, line, separated, bytes in
                    writer.append(records: records, source: document.source, knownLine: line, heads: heads,
                                  separated: &separated, to: &bytes)
                    return records.count
                }
                return RenderedDocument(fragment: fragment, counts: counts)
            }
        }
        return FindingLists.with(diagnostics.document, diagnostics.messages) { lists in
            let survey = lists.survey(sizing: !inTurn)
            guard survey.inOrder else { return nil }
            guard survey.findings > 0 else { return RenderedDocument(fragment: Fragment(), counts: survey.counts) }
            let fragment = render(source: document.source, lists: lists, findings: survey.findings,
                                  textBytes: survey.textBytes)
            return RenderedDocument(fragment: fragment, counts: survey.counts)
        }
    }

    /// The objects of `lists` (at least one finding, in position order) of a document of `source`.
    private func render(source: String, lists: FindingLists, findings: Int, textBytes: Int) -> Fragment {
        render(source: source, findings: findings, textBytes: textBytes) { writer, line, separated, bytes in
            var count = 0
            lists.forEachList { findings in
                // Most documents' own list (findings about no message) is empty: no call for it.
                guard !findings.isEmpty else { return }
                writer.append(findings, source: source, knownLine: line, heads: heads, separated: &separated,
                              to: &bytes)
                count += findings.count
            }
            return count
        }
    }

    /// The objects `write` writes (at least one finding, in position order) of a document of
    /// `source`: `write` gets the document's writer, its source line when written before
    /// (`DiagnosticJSON.Writer.append`: empty when not), whether a comma goes before the next
    /// object (`separated`, which it sets) and the bytes, and returns how many it wrote.
    @inline(__always)
    private func render(source: String, findings: Int, textBytes: Int,
                        write: (inout DiagnosticJSON.Writer, Span<UInt8>, inout Bool, inout ByteBuffer) -> Int) -> Fragment {
        if inTurn {
            start()
            let first = joined.written == 0 // the first object of all has no comma before it
            if joined.lineSource != source {
                joined.line = DiagnosticJSON.Writer.line(of: source)
                joined.lineSource = source
            }
            let count = joined.withLine { line in
                out.write { bytes in
                    var writer = DiagnosticJSON.Writer()
                    var separated = !first
                    return write(&writer, line, &separated, &bytes)
                }
            }
            joined.written += count
            return Fragment()
        }
        // Room for the objects at most as the writer reserves for them (`DiagnosticJSON.room`),
        // so the fragment is allocated once.
        var bytes = ByteBuffer(capacity: DiagnosticJSON.room(findings: findings, textBytes: textBytes,
                                                             sourceBytes: source.utf8.count))
        var fragment = Fragment()
        var writer = DiagnosticJSON.Writer()
        var separated = true
        fragment.count = ByteBuffer().withSpan { noLine in write(&writer, noLine, &separated, &bytes) }
        // The room was for the worst case; the fragment waits in its batch until joined.
        fragment.bytes = bytes.trimmed()
        return fragment
    }

    mutating func add(_ fragment: Fragment) {
        start()
        guard fragment.count > 0, let bytes = fragment.bytes else { return }
        let skipped = joined.written == 0 ? 1 : 0 // the first object of all has no comma before it
        bytes.withSpan { out.write($0.extracting(skipped...)) }
        joined.written += fragment.count
    }

    /// The summary and the gate, laid out as `JSONOut.serialized()` lays them out as
    /// members of the outer object, written directly: the value tree's types cost more to
    /// set up at every run than the writing.
    mutating func finish(_ summary: ValidateSummary) {
        start()
        out.write(joined.written > 0 ? "\n  ],\n" : "],\n")
        let maxWarnings = summary.maxWarnings.map { String($0) } ?? "null"
        out.write("  \"summary\": {\n    \"files\": \(summary.files),\n    \"messages\": \(summary.messages),\n"
                  + "    \"error\": \(summary.counts.errors),\n    \"warning\": \(summary.counts.warnings),\n"
                  + "    \"info\": \(summary.counts.infos)\(summary.fixed.map { ",\n    \"fixed\": \($0)" } ?? "")\n  },\n  \"gate\": {\n"
                  + "    \"failOn\": \(JSONText.quote(summary.failOn.rawValue)),\n    \"maxWarnings\": \(maxWarnings),\n"
                  + "    \"passed\": \(summary.passed ? "true" : "false"),\n    \"unreadable\": \(unreadable(summary))\n  }\n}\n")
    }

    /// `gate.unreadable`: the paths that could not be read (they fail the run, exit code 2),
    /// laid out as `JSONOut.serialized()` lays it out at its depth.
    private func unreadable(_ summary: ValidateSummary) -> String {
        guard !summary.unreadable.isEmpty else { return "[]" }
        let items = summary.unreadable.map { failure in
            "      {\n        \"path\": \(JSONText.quote(failure.path)),\n        \"reason\": \(JSONText.quote(failure.reason))\n      }"
        }
        return "[\n" + items.joined(separator: ",\n") + "\n    ]"
    }
}
