import InboxModel

/// `validate --format json`: the SPEC §8 contract,
/// `{"tool", "profile", "diagnostics", "summary": {"files", "messages", "error", "warning", "info"}}`,
/// plus `"gate"` (the threshold and whether the run passed). Findings are in input order,
/// sorted by position within each document.
///
/// The diagnostics are written as each document is checked and the summary comes last,
/// so memory stays bounded however many findings a large input has.
struct ValidateJSON: ValidateRenderer {
    var out: OutputBuffer
    private var profile: SDKProfile
    private var started = false
    private var written = 0

    init(out: OutputBuffer, profile: SDKProfile) {
        self.out = out
        self.profile = profile
    }

    private mutating func start() {
        guard !started else { return }
        started = true
        // The `tool` object as `JSONOut.tool()` lays it out, indented as a member of the
        // outer object, written directly: serializing it and re-indenting the text (with
        // Foundation's `replacingOccurrences`) took a million instructions, as much as
        // checking 50 notifications.
        out.write("{\n  \"tool\": {\n    \"name\": \(JSONText.quote(Tool.name)),\n    \"version\": "
                  + "\(JSONText.quote(Tool.version))\n  },\n  \"profile\": \(JSONText.quote(profile.name)),\n  \"diagnostics\": [")
    }

    /// A document's `<diagnostic>` objects, each on its own line after a comma. The first
    /// one's comma is written too, and `add` leaves it out when nothing was written before
    /// (which only it knows).
    struct Fragment {
        var bytes: ByteBuffer
        var count = 0

        init(capacity: Int = 0) { bytes = ByteBuffer(capacity: capacity) }
    }

    func render(_ document: ValidatedDocument) -> Fragment {
        guard !document.isClean else { return Fragment() }
        var fragment = Fragment(capacity: Self.estimatedSize(document))
        var writer = DiagnosticJSON.Writer()
        document.forEachFindingListByPosition { findings in
            for index in findings.indices {
                if findings[index].hasSource(document.source) {
                    writer.append(findings[index].unsafeParts, source: document.source, ofDocument: true,
                                  separated: true, to: &fragment.bytes)
                } else {
                    writer.append(findings[index].unsafeParts, source: findings[index].source, ofDocument: false,
                                  separated: true, to: &fragment.bytes)
                }
            }
            fragment.count += findings.count
        }
        return fragment
    }

    mutating func add(_ fragment: Fragment) {
        start()
        guard fragment.count > 0 else { return }
        let skipped = written == 0 ? 1 : 0 // the first object of all has no comma before it
        fragment.bytes.withBytes { out.write(UnsafeBufferPointer(rebasing: $0[skipped...])) }
        written += fragment.count
    }

    /// Room for the document's objects, so the fragment is allocated once: what they take
    /// when nothing needs escaping, and as much again as the writer reserves beyond that
    /// for the longest one (it reserves for the worst case before each).
    private static func estimatedSize(_ document: ValidatedDocument) -> Int {
        let sourceBytes = document.source.utf8.count
        let sourceLine = sourceBytes + DiagnosticJSON.Writer.sourceKeysRoom
        var size = 0
        var longest = 0
        document.forEachFinding { finding in
            let textBytes = finding.textByteCount
            size += DiagnosticJSON.estimatedSize(textBytes: textBytes) + sourceLine
            longest = max(longest, textBytes)
        }
        return size + DiagnosticJSON.slack(longestText: longest + sourceBytes)
    }

    mutating func finish(_ summary: ValidateSummary) {
        start()
        out.write(written > 0 ? "\n  ],\n" : "],\n")
        let tail = JSONOut.object([
            ("summary", .object([
                ("files", .int(summary.files)), ("messages", .int(summary.messages)),
                ("error", .int(summary.counts.errors)), ("warning", .int(summary.counts.warnings)),
                ("info", .int(summary.counts.infos)),
            ])),
            ("gate", .object([
                ("failOn", .string(summary.failOn.rawValue)),
                ("maxWarnings", summary.maxWarnings.map(JSONOut.int) ?? .null),
                ("passed", .bool(!summary.failed)),
            ])),
        ]).serialized()
        // The tail's members, re-indented as members of the outer object.
        let members = tail.dropFirst(2).dropLast(2)
        out.line(String(members) + "\n}")
    }
}
