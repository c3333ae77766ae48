import Foundation
import InboxModel

/// A large batch file read element by element (see `BatchSplitter`) with output identical
/// to reading it whole. A first pass parses every element and the wrapper without keeping
/// them, so a file with a syntax error anywhere falls back to the whole-file path (today's
/// finding, and no messages); the second pass hands the elements to the pipeline. The
/// wrapper's own findings (a duplicate key, an `auth` token) ride on the first element,
/// where the whole-file path would have listed them.
struct StreamedBatch {
    /// Files larger than this are streamed when they are a batch; smaller ones are read whole.
    static let defaultThreshold = 16 << 20
    /// Lets tests stream small files: `INBOX_INSPECTOR_STREAM_THRESHOLD=0`.
    static let thresholdVariable = "INBOX_INSPECTOR_STREAM_THRESHOLD"

    let path: String
    /// Findings of the wrapper, all before the batch's `[`.
    let wrapperFindings: [Diagnostic]

    /// A plan when `file` is a batch worth streaming that streams cleanly, else nil.
    static func plan(_ file: InputFile, threshold: Int, inspector: Inspector, analyzer: Analyzer) -> StreamedBatch? {
        guard !file.isStdin, !file.isNDJSON, inspector.options.shape == nil else { return nil }
        var info = stat()
        guard stat(file.name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > threshold else { return nil }
        let descriptor = open(file.name, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var broken = false
        guard let outcome = try? BatchSplitter.scan(descriptor, { element in
            broken = inspector.parseProblem(ofElement: element.bytes, at: element.place) != nil
            return !broken
        }), !broken, !outcome.unsupported, let kind = outcome.kind else { return nil }
        let wrapper = inspector.inspect(wrapper: outcome.wrapper, source: file.name)
        guard let root = wrapper.document?.root, matches(kind, root) else { return nil }
        let findings = analyzer.diagnose(wrapper).document
        // A finding after the batch would come last in the whole-file output: read it whole.
        let beforeBatch = findings.allSatisfy { ($0.line, $0.column) < (outcome.openLine, outcome.openColumn) }
        guard beforeBatch else { return nil }
        return StreamedBatch(path: file.name, wrapperFindings: findings)
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

    /// Second pass: every element, in order.
    func forEachElement(_ body: (BatchSplitter.Element) -> Void) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw DocumentReader.ReadError(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        _ = try BatchSplitter.scan(descriptor) { element in
            body(element)
            return true
        }
    }
}
