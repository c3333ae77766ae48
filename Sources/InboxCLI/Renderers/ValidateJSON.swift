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
    /// Set when documents are rendered and joined in turn on this thread (`--jobs 1`):
    /// `render` then writes every document into this one buffer, which `add` copies out
    /// right after, so it is allocated once for the run. A fragment of its own per
    /// document was an allocation and a `free` each (a document's findings take about a
    /// kilobyte, past malloc's per-thread cache). With workers, each document's fragment
    /// is its own, written on the worker while this thread joins the ones before.
    private let inTurn: UnsafeMutablePointer<ByteBuffer>?
    /// Owns `inTurn`'s memory. The buffer is reached through the pointer: through the
    /// object, each document's `render` and `add` retained and released it.
    private let inTurnOwner: InTurnBytes?

    /// The buffer `render` and `add` share when they run in turn on one thread, in memory
    /// of its own, so that `render` (which leaves the renderer as it is) writes into it.
    final class InTurnBytes {
        let bytes: UnsafeMutablePointer<ByteBuffer>

        init() {
            bytes = .allocate(capacity: 1)
            bytes.initialize(to: ByteBuffer())
        }

        deinit {
            bytes.deinitialize(count: 1)
            bytes.deallocate()
        }
    }

    init(out: OutputBuffer, profile: SDKProfile, rendersOnJoin: Bool = false) {
        self.out = out
        self.profile = profile
        inTurnOwner = rendersOnJoin ? InTurnBytes() : nil
        inTurn = inTurnOwner?.bytes
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
    /// (which only it knows). With `inTurn`, the objects are written there instead.
    struct Fragment {
        /// Unset for no findings, and with `inTurn`: an empty buffer was a retain and a
        /// release of the shared empty storage per document.
        var bytes: ByteBuffer?
        var count = 0

        init() {}

        /// `count` objects written to `inTurn`.
        init(inTurn count: Int) { self.count = count }
    }

    func render(_ document: ValidatedDocument) -> Fragment {
        guard !document.isClean else { return Fragment() }
        if let inTurn {
            inTurn.pointee.removeAll()
            return Fragment(inTurn: Self.write(document, to: &inTurn.pointee))
        }
        var bytes = ByteBuffer(capacity: Self.estimatedSize(document))
        var fragment = Fragment()
        fragment.count = Self.write(document, to: &bytes)
        fragment.bytes = bytes
        return fragment
    }

    /// Appends the document's objects to `bytes`; returns how many.
    private static func write(_ document: ValidatedDocument, to bytes: inout ByteBuffer) -> Int {
        var writer = DiagnosticJSON.Writer()
        var count = 0
        document.forEachFindingListByPosition { findings in
            for index in findings.indices {
                if findings[index].hasSource(document.source) {
                    writer.append(findings[index].unsafeParts, source: document.source, ofDocument: true,
                                  separated: true, to: &bytes)
                } else {
                    writer.append(findings[index].unsafeParts, source: findings[index].source, ofDocument: false,
                                  separated: true, to: &bytes)
                }
            }
            count += findings.count
        }
        return count
    }

    mutating func add(_ fragment: Fragment) {
        start()
        guard fragment.count > 0 else { return }
        if let bytes = fragment.bytes {
            bytes.withBytes { append($0, count: fragment.count) }
        } else if let inTurn {
            // `inTurnOwner` holds the memory for as long as this renderer lives.
            append(inTurn.pointee.unsafeBytes, count: fragment.count)
        }
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) {
        let skipped = written == 0 ? 1 : 0 // the first object of all has no comma before it
        out.write(UnsafeBufferPointer(rebasing: bytes[skipped...]))
        written += count
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
