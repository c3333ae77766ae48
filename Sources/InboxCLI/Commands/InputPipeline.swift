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
struct InputPipeline {
    var invocation: Invocation
    var console: Console
    var analyzer: Analyzer

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
        let inspector = Inspector(options: invocation.inspection)
        for file in files {
            let reader = DocumentReader(file: file, stdinBytes: file.isStdin ? console.stdinBytes : nil)
            totals.files += 1
            var documents = 0
            func inspect(_ bytes: [UInt8], _ line: Int) {
                documents += 1
                let document = inspector.inspect(bytes, source: file.name, firstLine: line)
                let diagnostics = analyzer.diagnose(document)
                totals.messages += document.messages.count
                totals.count(diagnostics.all)
                if document.messages.isEmpty { totals.unusableDocuments += 1 }
                handle(document, diagnostics)
            }
            do {
                try reader.forEachDocument(inspect)
                if documents == 0 { inspect([], 1) } // an empty NDJSON file is an empty input
            } catch let error as DocumentReader.ReadError {
                console.problem("cannot read '\(file.name)': \(error.reason)")
                pathFailed = true
                totals.files -= 1
            }
        }
        return (totals, pathFailed)
    }
}
