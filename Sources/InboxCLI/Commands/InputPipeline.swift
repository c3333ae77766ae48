import Dispatch
import InboxModel
import InboxCore

/// Counts across all inputs of one invocation, for summaries and exit codes. Findings are
/// counted by the commands that show them (`validate` counts them after its severity
/// overrides), not here.
struct Totals {
    var files = 0
    var messages = 0
    /// Documents that yielded no message because they could not be read as JSON or as a shape.
    var unusableDocuments = 0
}

/// A path that could not be read, for stderr and for the formats that report it.
/// A path the run could not check (`InputFailure`): renderers say the run failed.
typealias UnreadablePath = InputFailure

/// What a run of the pipeline leaves: the totals, and the paths it could not read.
struct PipelineOutcome {
    var totals: Totals
    /// Unreadable paths, and directories, globs or runs that gave no input.
    var unreadable: [UnreadablePath]

    var pathFailed: Bool { !unreadable.isEmpty }
}

/// Reads every input of an invocation, inspects each document and hands it, with its
/// diagnostics, to a command's renderer. Unreadable paths are reported on stderr and
/// make the exit code 2, but the other paths are still processed.
///
/// Documents are inspected in batches and handed over in input order, so output is
/// identical whatever the number of jobs. With `--jobs N` above 1, N worker threads
/// inspect batch K while this thread reads and splits batch K+1 and writes out the
/// results of batch K-1; at most two batches of input are held (one being read, one
/// being inspected), each bounded in documents and bytes, so memory stays bounded on
/// NDJSON of any length. With `--jobs 1` everything runs on this thread, in turn.
struct InputPipeline {
    var invocation: Invocation
    var console: Console
    var analyzer: Analyzer

    /// A batch is handed to the workers when it holds this many documents or bytes.
    static let batchDocuments = 2048
    static let batchBytes = 8 << 20
    /// Lets tests cut batches of a few documents: `INBOX_INSPECTOR_BATCH_DOCUMENTS=3`.
    static let batchDocumentsVariable = "INBOX_INSPECTOR_BATCH_DOCUMENTS"

    /// The files to read, when the command found them itself (`validate`, for its config);
    /// otherwise the paths of the invocation are walked here.
    var inputs: InputSet?
    /// Per-file inspection and rules (`InputFile.settings` indexes them); nil: the
    /// invocation's options and `analyzer` for every file.
    var fileSettings: [FileProcessing]?

    /// One phase: `handle` receives each document and its diagnostics on this thread, in
    /// input order. The outcome: totals, and the paths that could not be checked.
    func run(_ handle: (InspectedDocument, DocumentDiagnostics) -> Void) throws -> PipelineOutcome {
        try run(prepare: { document, diagnostics, _ in (document, diagnostics) }, deliver: { handle($0.0, $0.1) })
    }

    /// Two phases, so the per-document work of a command runs on the workers too:
    /// `prepare` is called on the worker that inspected the document, right after the
    /// rules (concurrently with other documents, so it must only read shared state), and
    /// turns it into what the command keeps, such as the document's rendered output;
    /// `deliver` receives those on this thread in input order, and should only join them.
    /// The document and its findings are lent `inout`: what `prepare` keeps of them it may
    /// move out (`InspectedDocument.takeMessages`) instead of copying, as both are freed
    /// right after it returns. The third argument is the file's `InputFile.settings`.
    func run<Prepared>(prepare: @escaping (inout InspectedDocument, inout DocumentDiagnostics, Int) -> Prepared,
                       deliver: (Prepared) -> Void) throws -> PipelineOutcome {
        var inputs = try self.inputs ?? InputSet.gather(invocation.arguments, console: console)
        if self.inputs == nil {
            inputs.requireInput(allowEmpty: invocation.arguments.has(CommonOptions.allowEmpty.name))
        }
        var unreadable = inputs.failures
        for failure in unreadable { console.problem(failure.message) }
        var fileCount = 0
        let settings = fileSettings ?? [FileProcessing(inspection: invocation.inspection, analyzer: analyzer)]
        let inspection = DocumentInspection(settings: settings.map {
            DocumentInspection.Setting(inspector: Inspector(options: $0.inspection), analyzer: $0.analyzer)
        })
        let batchDocuments = console.environment[Self.batchDocumentsVariable].flatMap { Int($0) }
            .map { max(1, $0) } ?? Self.batchDocuments
        var flow = BatchFlow<Prepared>(jobs: max(1, invocation.jobs), limit: batchDocuments) { item, tapes in
            var (document, diagnostics) = inspection.process(item, tapes: tapes)
            // Counted first, as `prepare` may move parts out of both.
            let totals = Totals(document)
            return Processed(prepared: prepare(&document, &diagnostics, item.settings), totals: totals)
        }
        defer { flow.stop() }
        // No local functions below: a closure that changes `flow`, `documents` or the
        // totals puts those variables in boxes checked for exclusive access on every
        // document.
        let threshold = console.environment[StreamedBatch.thresholdVariable].flatMap { Int($0) }
            ?? StreamedBatch.defaultThreshold
        for file in inputs.files {
            let inspector = inspection.settings[file.settings].inspector
            let reader = DocumentReader(file: file, stdinBytes: file.isStdin ? console.stdinBytes : nil,
                                        maxDocumentSize: inspector.options.maxDocumentSize)
            fileCount += 1
            var documents = 0
            do {
                if let streamed = StreamedBatch.plan(file, threshold: threshold, inspector: inspector,
                                                     analyzer: inspection.settings[file.settings].analyzer) {
                    if let failure = streamed.failure { // a broken file: that one problem, as read whole
                        flow.append(.streamed([], line: 1, source: file.name, settings: file.settings, failure: failure),
                                    deliver)
                    }
                    var lead: [Diagnostic]? = streamed.wrapperFindings
                    try streamed.forEachElement { element in
                        flow.append(.streamed(element.bytes, line: element.place.firstLine, source: file.name,
                                              settings: file.settings, place: element.place, lead: lead), deliver)
                        lead = nil
                    }
                } else {
                    try reader.forEachDocument(tooLarge: { line in
                        documents += 1
                        let document = PendingDocument.streamed(
                            [], line: line, source: file.name, settings: file.settings,
                            failure: .tooLarge(limit: reader.maxDocumentSize, line: line))
                        flow.append(document, deliver)
                    }) { input, line in
                        documents += 1
                        flow.append(PendingDocument(input: input, line: line, source: file.name,
                                                    settings: file.settings, streamed: nil), deliver)
                    }
                    if documents == 0 { // an empty NDJSON file is an empty input
                        flow.append(PendingDocument(input: nil, line: 1, source: file.name, settings: file.settings,
                                                    streamed: nil),
                                    deliver)
                    }
                }
            } catch let error as DocumentReader.ReadError {
                flow.drain(deliver) // keep output in input order before the message on stderr
                let failure = InputFailure(path: file.name, reason: error.reason, kind: .unreadable)
                console.problem(failure.message)
                unreadable.append(failure)
                fileCount -= 1
            }
        }
        flow.drain(deliver)
        var totals = flow.totals
        totals.files = fileCount
        return PipelineOutcome(totals: totals, unreadable: unreadable)
    }
}

/// How the documents of files with one set of settings are inspected and checked.
struct FileProcessing {
    var inspection: InspectionOptions
    var analyzer: Analyzer
}

/// What a worker hands back for one document. A struct rather than a tuple: a tuple of
/// a generic type is destroyed through the runtime's generic tuple witness, once per document.
private struct Processed<Prepared> {
    var prepared: Prepared
    var totals: Totals
}

extension Totals {
    /// One document's share.
    init(_ document: borrowing InspectedDocument) {
        messages = document.messages.count
        if messages == 0 { unusableDocuments = 1 }
    }

    mutating func add(_ other: Totals) {
        files += other.files
        messages += other.messages
        unusableDocuments += other.unusableDocuments
    }
}

/// A document read and waiting to be inspected: the usual one (an NDJSON line, a whole
/// file) read in place in a chunk; what only an element of a streamed batch or a broken
/// batch file has is in `streamed`, nil otherwise, so that the usual document is built and
/// destroyed as three references.
private struct PendingDocument {
    /// The document's bytes in the chunk they were read into (`DocumentReader`), which
    /// they keep alive until it is parsed (then the document does); nil for an empty file
    /// and for what `streamed` holds.
    /// (The memberwise initialiser, as a hand-written one copies the whole struct.)
    var input: ChunkBytes?
    var line: Int
    var source: String
    /// The file's `InputFile.settings`.
    var settings: Int
    var streamed: StreamedParts?

    /// An element of a streamed batch, or (`failure`) the problem of a broken batch file.
    static func streamed(_ bytes: [UInt8], line: Int, source: String, settings: Int,
                         place: Inspector.ElementPlace? = nil, lead: [Diagnostic]? = nil,
                         failure: JSONIssue? = nil) -> PendingDocument {
        PendingDocument(input: nil, line: line, source: source, settings: settings,
                        streamed: StreamedParts(bytes: bytes, place: place, lead: lead, failure: failure))
    }

    var byteCount: Int { (input?.count ?? 0) + (streamed?.bytes.count ?? 0) }
}

/// The parts of a pending document that only streamed batches give.
private final class StreamedParts {
    /// The element's bytes (none for a broken file).
    let bytes: [UInt8]
    let place: Inspector.ElementPlace?
    /// The wrapper's findings, carried by the first element of a streamed batch.
    let lead: [Diagnostic]?
    /// The syntax problem of a streamed batch file that turned out broken, or its size.
    let failure: JSONIssue?

    init(bytes: [UInt8], place: Inspector.ElementPlace?, lead: [Diagnostic]?, failure: JSONIssue?) {
        self.bytes = bytes
        self.place = place
        self.lead = lead
        self.failure = failure
    }
}

/// What is done to every document, on whichever thread inspects it.
private struct DocumentInspection {
    /// By `InputFile.settings`.
    let settings: [Setting]

    /// `tapes`: the reuse of the thread this runs on (see `BatchFlow.work`).
    func process(_ item: PendingDocument, tapes: TapeReuse) -> (InspectedDocument, DocumentDiagnostics) {
        settings[item.settings].process(item, tapes: tapes)
    }

    /// One file setting's inspector and analyzer, shared: a document is processed by a
    /// method of the setting, so the two are used in place, where a copy of each retained
    /// and released everything they hold.
    final class Setting: Sendable {
        let inspector: Inspector
        let analyzer: Analyzer

        init(inspector: Inspector, analyzer: Analyzer) {
            self.inspector = inspector
            self.analyzer = analyzer
        }

        func process(_ item: PendingDocument, tapes: TapeReuse) -> (InspectedDocument, DocumentDiagnostics) {
            guard let streamed = item.streamed else {
                let document: InspectedDocument
                if item.input != nil {
                    // Lent from `item` as it is, not bound to a name (which would retain its chunk).
                    document = inspector.inspect(item.input.unsafelyUnwrapped, source: item.source,
                                                 firstLine: item.line, tapes: tapes)
                } else {
                    document = inspector.inspect([], source: item.source, firstLine: item.line, tapes: tapes) // an empty file
                }
                return (document, analyzer.diagnose(document))
            }
            if let failure = streamed.failure {
                let document = StreamedBatch.brokenDocument(failure, source: item.source, inspector: inspector)
                return (document, analyzer.diagnose(document))
            }
            guard let place = streamed.place else {
                let document = inspector.inspect(streamed.bytes, source: item.source, firstLine: item.line, tapes: tapes)
                return (document, analyzer.diagnose(document))
            }
            var document = inspector.inspect(element: streamed.bytes, source: item.source, at: place, tapes: tapes)
            var diagnostics = analyzer.diagnose(document)
            if let lead = streamed.lead {
                // The first element stands for the file, as the whole-file document would.
                diagnostics.document = lead + diagnostics.document
                document.firstLine = 1
            }
            return (document, diagnostics)
        }
    }
}

/// The batch being read, the batch the workers are on, and the hand-over between them.
/// Results are always handed over in input order: a batch's results go out only after
/// those of the batch before it. Their totals are added up here as they are handed over.
private struct BatchFlow<Prepared> {
    typealias Result = Processed<Prepared>

    let jobs: Int
    let limit: Int
    /// Called with the tape reuse of the thread it runs on: this thread's with one job,
    /// each worker's own with more (see `BatchWorkers`). A document is parsed, inspected,
    /// prepared and, unless the command keeps it, freed on one thread, so each parse
    /// writes its tape into the memory a document before it used.
    let work: (PendingDocument, TapeReuse) -> Result
    /// This thread's reuse, for the documents it processes itself.
    private let tapes = TapeReuse()
    private var pending: [PendingDocument] = []
    private var bytes = 0
    /// Created for the first batch that is worth sharing out.
    private var workers: BatchWorkers<PendingDocument, Result>?
    /// The totals of the documents handed over so far (`files` is left to the caller).
    private(set) var totals = Totals()

    init(jobs: Int, limit: Int, work: @escaping (PendingDocument, TapeReuse) -> Result) {
        self.jobs = jobs
        self.limit = limit
        self.work = work
    }

    /// Adds a document; a full batch goes to the workers. With one job, the document is
    /// processed here and now: there is nothing to overlap, and nothing needs holding.
    mutating func append(_ document: PendingDocument, _ deliver: (Prepared) -> Void) {
        guard jobs > 1 else {
            handOver(work(document, tapes), deliver)
            return
        }
        bytes += document.byteCount
        pending.append(document)
        if pending.count >= limit || bytes >= InputPipeline.batchBytes { submit(last: false, deliver) }
    }

    /// Processes everything read so far and delivers all results.
    mutating func drain(_ deliver: (Prepared) -> Void) {
        submit(last: true, deliver)
        if let workers, workers.inFlight { workers.wait().deliver { handOver($0, deliver) } }
    }

    /// Counts a result and passes on what the command prepared.
    private mutating func handOver(_ result: Result, _ deliver: (Prepared) -> Void) {
        totals.add(result.totals)
        deliver(result.prepared)
    }

    /// Starts the pending batch, then delivers the one before it, which the workers
    /// finish meanwhile (the next batch is read while this one is being inspected).
    private mutating func submit(last: Bool, _ deliver: (Prepared) -> Void) {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        pending.reserveCapacity(min(limit, InputPipeline.batchDocuments))
        bytes = 0
        // A lone document and nothing in flight (one small file): threads would only cost.
        if workers == nil && last && batch.count == 1 {
            for document in batch { handOver(work(document, tapes), deliver) }
            return
        }
        let previous = workers?.inFlight == true ? workers?.wait() : nil
        let workers = self.workers ?? BatchWorkers(count: last ? min(jobs, batch.count) : jobs, threadWork: work)
        self.workers = workers
        workers.start(batch)
        previous?.deliver { handOver($0, deliver) }
    }

    /// Ends the worker threads.
    func stop() {
        workers?.stop()
    }
}
