import Dispatch
import InboxModel

/// Counts across all inputs of one invocation, for summaries and exit codes.
struct Totals {
    var files = 0
    var messages = 0
    var errors = 0
    var warnings = 0
    var infos = 0
    /// Documents that yielded no message because they could not be read as JSON or as a shape.
    var unusableDocuments = 0

    mutating func count(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            switch diagnostic.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
        }
    }
}

/// Reads every input of an invocation, inspects each document and hands it, with its
/// diagnostics, to a command's renderer. Unreadable paths are reported on stderr and
/// make the exit code 2, but the other paths are still processed.
///
/// Documents are inspected in batches on `--jobs` threads and handed over in input
/// order, so output is identical whatever the number of jobs; a batch is bounded in
/// documents and bytes, so memory stays bounded on NDJSON of any length.
struct InputPipeline {
    var invocation: Invocation
    var console: Console
    var analyzer: Analyzer

    /// A batch is handed to the workers when it holds this many documents or bytes.
    static let batchDocuments = 2048
    static let batchBytes = 8 << 20

    /// The outcome: totals, and whether some path could not be read.
    func run(_ handle: (InspectedDocument, DocumentDiagnostics) -> Void) throws -> (totals: Totals, pathFailed: Bool) {
        var paths = invocation.arguments.paths
        if paths.isEmpty {
            guard !console.stdinIsTerminal else {
                throw UsageError("no input: give one or more paths, or pipe JSON on standard input (use - for stdin)")
            }
            paths = ["-"]
        }
        let walker = InputWalker(forceNDJSON: invocation.arguments.has("--ndjson"))
        let (files, failures) = walker.expand(paths)
        var pathFailed = false
        for failure in failures {
            console.problem("cannot read '\(failure.path)': \(failure.reason)")
            pathFailed = true
        }
        var totals = Totals()
        var batch = Batch(inspector: Inspector(options: invocation.inspection), analyzer: analyzer,
                          jobs: max(1, invocation.jobs))
        func deliver(_ document: InspectedDocument, _ diagnostics: DocumentDiagnostics) {
            totals.messages += document.messages.count
            totals.count(diagnostics.document)
            for findings in diagnostics.messages { totals.count(findings) }
            if document.messages.isEmpty { totals.unusableDocuments += 1 }
            handle(document, diagnostics)
        }
        let threshold = console.environment[StreamedBatch.thresholdVariable].flatMap { Int($0) }
            ?? StreamedBatch.defaultThreshold
        for file in files {
            let reader = DocumentReader(file: file, stdinBytes: file.isStdin ? console.stdinBytes : nil)
            totals.files += 1
            var documents = 0
            func add(_ bytes: [UInt8], _ line: Int) {
                documents += 1
                batch.append(bytes, line: line, source: file.name)
                if batch.isFull { batch.flush(deliver) }
            }
            do {
                if let streamed = StreamedBatch.plan(file, threshold: threshold, inspector: batch.inspector,
                                                     analyzer: analyzer) {
                    var lead: [Diagnostic]? = streamed.wrapperFindings
                    try streamed.forEachElement { element in
                        batch.append(element, source: file.name, lead: lead)
                        lead = nil
                        if batch.isFull { batch.flush(deliver) }
                    }
                } else {
                    try reader.forEachDocument(add)
                    if documents == 0 { add([], 1) } // an empty NDJSON file is an empty input
                }
            } catch let error as DocumentReader.ReadError {
                batch.flush(deliver) // keep output in input order before the message on stderr
                console.problem("cannot read '\(file.name)': \(error.reason)")
                pathFailed = true
                totals.files -= 1
            }
        }
        batch.flush(deliver)
        return (totals, pathFailed)
    }
}

/// Documents waiting to be inspected, and the workers that inspect them.
private struct Batch {
    struct Pending {
        var bytes: [UInt8]
        var line: Int
        var source: String
        /// Set for an element of a streamed batch.
        var place: Inspector.ElementPlace? = nil
        /// The wrapper's findings, carried by the first element of a streamed batch.
        var lead: [Diagnostic]? = nil
    }

    let inspector: Inspector
    let analyzer: Analyzer
    let jobs: Int
    private(set) var pending: [Pending] = []
    private var bytes = 0

    init(inspector: Inspector, analyzer: Analyzer, jobs: Int) {
        self.inspector = inspector
        self.analyzer = analyzer
        self.jobs = jobs
    }

    var isFull: Bool { pending.count >= InputPipeline.batchDocuments || bytes >= InputPipeline.batchBytes }

    mutating func append(_ document: [UInt8], line: Int, source: String) {
        pending.append(Pending(bytes: document, line: line, source: source))
        bytes += document.count
    }

    /// An element of a streamed batch.
    mutating func append(_ element: BatchSplitter.Element, source: String, lead: [Diagnostic]?) {
        pending.append(Pending(bytes: element.bytes, line: element.place.firstLine, source: source,
                               place: element.place, lead: lead))
        bytes += element.bytes.count
    }

    private func process(_ item: Pending) -> (InspectedDocument, DocumentDiagnostics) {
        guard let place = item.place else {
            let document = inspector.inspect(item.bytes, source: item.source, firstLine: item.line)
            return (document, analyzer.diagnose(document))
        }
        var document = inspector.inspect(element: item.bytes, source: item.source, at: place)
        var diagnostics = analyzer.diagnose(document)
        if let lead = item.lead {
            // The first element stands for the file, as the whole-file document would.
            diagnostics.document = lead + diagnostics.document
            document.firstLine = 1
        }
        return (document, diagnostics)
    }

    /// Inspects the pending documents (in parallel when there are several jobs) and
    /// delivers the results in input order.
    mutating func flush(_ deliver: (InspectedDocument, DocumentDiagnostics) -> Void) {
        guard !pending.isEmpty else { return }
        let items = pending
        let workers = min(jobs, items.count)
        if workers <= 1 {
            for item in items {
                let (document, diagnostics) = process(item)
                deliver(document, diagnostics)
            }
        } else {
            var results = [(InspectedDocument, DocumentDiagnostics)?](repeating: nil, count: items.count)
            results.withUnsafeMutableBufferPointer { slots in
                let slots = SendableSlots(base: slots)
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    var index = worker
                    while index < items.count {
                        slots.base[index] = process(items[index]) // each index is written by one worker only
                        index += workers
                    }
                }
            }
            for case let (document, diagnostics)? in results { deliver(document, diagnostics) }
        }
        pending.removeAll(keepingCapacity: true)
        bytes = 0
    }
}

/// Lets workers write disjoint slots of one buffer.
private struct SendableSlots: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<(InspectedDocument, DocumentDiagnostics)?>
}
