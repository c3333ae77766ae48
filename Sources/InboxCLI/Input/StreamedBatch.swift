import Foundation
import InboxModel
import InboxCore

/// A large batch file read element by element (see `BatchSplitter`) with output identical
/// to reading it whole. A first pass parses every element and the wrapper without keeping
/// them; the second pass hands the elements to the pipeline. The wrapper's own findings
/// (a duplicate key, an `auth` token) ride on the first element, where the whole-file
/// path would have listed them.
///
/// A file with a syntax problem anywhere yields, as the whole-file parse does, that one
/// problem and no messages: the first pass finds it (same message, position and pointer)
/// in bounded memory, and the file is not read a second time.
struct StreamedBatch {
    /// Files larger than this are streamed when they are a batch; smaller ones are read
    /// whole. A batch read whole takes some 16 times its size at the peak: 4 MB keeps a
    /// run under 100 MB.
    static let defaultThreshold = 4 << 20
    /// Lets tests stream small files: `INBOX_INSPECTOR_STREAM_THRESHOLD=0`.
    static let thresholdVariable = "INBOX_INSPECTOR_STREAM_THRESHOLD"

    let path: String
    /// The file's path as the file system has it (`InputFile.systemPath`), for the second pass.
    var systemPath: [CChar] = []
    /// Findings of the wrapper, before and after the batch (an `auth` after `notifications`),
    /// placed where the whole file has them.
    let wrapperFindings: [Diagnostic]
    /// The file's syntax problem: it is then one broken document, with no elements.
    let failure: JSONIssue?
    let maxDepth: Int
    let maxDocumentSize: Int

    /// A plan when `file` is a batch worth streaming, or a broken one, else nil.
    static func plan(_ file: InputFile, threshold: Int, inspector: Inspector, analyzer: Analyzer) -> StreamedBatch? {
        guard !file.isStdin, !file.isNDJSON, inspector.options.shape == nil else { return nil }
        var info = stat()
        guard stat(file.systemPath, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > threshold
        else { return nil }
        let descriptor = open(file.systemPath, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let outcome = try? BatchSplitter.scan(descriptor, maxDepth: inspector.options.maxDepth, checking: true,
                                                    elementLimit: inspector.options.maxDocumentSize)
        else { return nil }
        var plan = decide(outcome, path: file.name, inspector: inspector, analyzer: analyzer)
        plan?.systemPath = file.systemPath
        return plan
    }

    /// What the checking scan of the file at `path` means: its problem, or the plan to
    /// stream it, or nil to read it whole.
    static func decide(_ outcome: BatchSplitter.Outcome, path: String, inspector: Inspector,
                       analyzer: Analyzer) -> StreamedBatch? {
        if let failure = outcome.failure {
            return StreamedBatch(path: path, wrapperFindings: [], failure: failure,
                                 maxDepth: inspector.options.maxDepth, maxDocumentSize: inspector.options.maxDocumentSize)
        }
        guard !outcome.unsupported, let kind = outcome.kind else { return nil }
        let wrapper = inspector.inspect(wrapper: outcome.wrapper, source: path)
        guard let root = wrapper.document?.root, matches(kind, root) else { return nil }
        let findings = analyzer.diagnose(wrapper).document
        // A finding after the batch comes last in the whole-file output: the last element carries it.
        let beforeBatch = findings.filter { ($0.line, $0.column) < (outcome.openLine, outcome.openColumn) }
        // In the wrapper the batch is `[]` at its `[`: what follows moves to after its real `]`.
        let afterBatch = findings.filter { ($0.line, $0.column) >= (outcome.openLine, outcome.openColumn) }.map {
            var finding = $0
            if finding.line == outcome.openLine {
                finding.column += outcome.closeColumn - (outcome.openColumn + 1)
            }
            finding.line += outcome.closeLine - outcome.openLine
            return finding
        }
        return StreamedBatch(path: path, wrapperFindings: beforeBatch + afterBatch, failure: nil,
                             maxDepth: inspector.options.maxDepth, maxDocumentSize: inspector.options.maxDocumentSize)
    }

    /// The whole-file path would unwrap the same array (last duplicate key wins there).
    private static func matches(_ kind: BatchSplitter.Kind, _ root: JSONValue) -> Bool {
        switch kind {
        case .topArray:
            return root.kind == .array
        case .request:
            return Shape.detect(root) == .request && root["request"]?["notifications"]?.kind == .array
        case .response:
            return Shape.detect(root) == .inbox && root["inbox_id"] == nil
                && root["response"]?["messages"]?.kind == .array
        }
    }

    /// The document a whole-file read of a broken file gives: the problem, nothing else.
    static func brokenDocument(_ failure: JSONIssue, source: String, inspector: Inspector) -> InspectedDocument {
        var document = inspector.inspect([], source: source)
        document.isEmpty = false
        document.parseIssue = failure
        return document
    }

    /// Second pass: every element, in order (none for a broken file).
    func forEachElement(_ body: (BatchSplitter.Element) -> Void) throws {
        guard failure == nil else { return }
        let descriptor = systemPath.isEmpty ? open(path, O_RDONLY) : open(systemPath, O_RDONLY)
        guard descriptor >= 0 else { throw DocumentReader.ReadError(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        _ = try BatchSplitter.scan(descriptor, maxDepth: maxDepth, checking: false, elementLimit: maxDocumentSize, body)
    }
}
