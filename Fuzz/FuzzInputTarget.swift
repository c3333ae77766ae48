// libFuzzer entry point (`make fuzz-input`): compiled with -sanitize=fuzzer,address into
// one module with Sources/InboxModel and the command line's input files (LineReader,
// BatchSplitter, BatchWindow, StreamedBatch). It drives the input layer on arbitrary
// bytes and checks its contracts, trapping (a crash libFuzzer records) when one breaks:
//
// - LineReader, fed in reads of any size into chunks of any size, yields exactly the file's
//   non-blank lines, with their numbers, as a plain split on LF does, whether each line is
//   let go before the next is read or all are kept (a kept line is never written over).
// - A checking BatchSplitter scan, fed in chunks of any size, decides the same as one
//   fed in large chunks; a problem it locates is exactly the whole-file parse's problem;
//   a broken file with a batch in it is always located (never left to the whole-file
//   path); the splitter never sees a problem the parser does not confirm.
// - A file it would stream splits into elements at increasing offsets, each the file's
//   own bytes at its place, and the streamed findings (wrapper + every element) are the
//   whole-file findings; a broken file gives exactly the whole-file document's findings.
//
// The first byte of the input picks the chunk size and the depth limit; the rest is the file.

import Foundation
@testable import InboxCore

@_cdecl("LLVMFuzzerTestOneInput")
public func inputFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let control = Int(data[0])
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let chunk = [1, 2, 3, 5, 16, 64, 1 << 16][control % 7]
    let maxDepth = control & 0x80 != 0 ? 6 : 512
    FuzzLines.check(bytes, chunk: chunk)
    FuzzBatch.check(bytes, chunk: chunk, maxDepth: maxDepth)
    return 0
}

/// Traps with a message libFuzzer prints next to the input.
func fuzzRequire(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

enum FuzzLines {
    static func check(_ bytes: [UInt8], chunk: Int) {
        var expected: [([UInt8], Int)] = []
        var line = 1
        for piece in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var content = Array(piece)
            if content.last == 0x0D { content.removeLast() }
            if content.contains(where: { $0 != 0x20 && $0 != 0x09 }) { expected.append((content, line)) }
            line += 1
        }
        // Let go: each line copied out as it is handed over. Kept: every line's chunk held.
        var chunked: [([UInt8], Int)] = []
        read(bytes, piece: chunk, chunkSize: max(1, chunk / 2 + 1)) { chunked.append((Array($0), $1)) }
        var kept: [(ChunkBytes, Int)] = []
        read(bytes, piece: chunk, chunkSize: max(1, chunk - 1)) { kept.append(($0, $1)) }
        let keptLines = kept.map { (Array($0.0), $0.1) }
        var whole: [([UInt8], Int)] = []
        LineReader.split(InputChunk(copying: bytes), count: bytes.count, firstLine: 1) { whole.append((Array($0), $1)) }
        for got in [chunked, keptLines, whole] {
            fuzzRequire(got.count == expected.count, "LineReader: \(got.count) lines, expected \(expected.count)")
            for (a, b) in zip(got, expected) {
                fuzzRequire(a.1 == b.1 && a.0 == b.0, "LineReader: line \(a.1) differs from line \(b.1)")
            }
        }
    }

    /// `bytes` through a `LineReader`, `piece` bytes per read, into chunks of `chunkSize`.
    private static func read(_ bytes: [UInt8], piece: Int, chunkSize: Int,
                             _ body: (ChunkBytes, Int) -> Void) {
        var reader = LineReader(chunkSize: chunkSize)
        reader.read(bytes, piece: piece, body)
    }
}

enum FuzzBatch {
    static let source = "fuzz.json"

    static func check(_ bytes: [UInt8], chunk: Int, maxDepth: Int) {
        let inspector = Inspector(options: InspectionOptions(maxDepth: maxDepth))
        let analyzer = Analyzer()
        let whole = inspector.inspect(bytes, source: source)
        let outcome = BatchSplitter.scan(bytes, chunk: chunk, maxDepth: maxDepth, checking: true)
        let large = BatchSplitter.scan(bytes, maxDepth: maxDepth, checking: true)
        fuzzRequire(!outcome.inconsistent && !large.inconsistent, "splitter saw a problem the parser did not confirm")
        // (What a scan that located a problem had seen by then depends on the chunks.)
        let located = outcome.failure != nil
        fuzzRequire(outcome.failure == large.failure && outcome.kind == large.kind
                        && (located || (outcome.unsupported == large.unsupported && outcome.elements == large.elements)),
                    "chunk size \(chunk) changed the scan: \(outcome) vs \(large)")
        if let failure = outcome.failure {
            fuzzRequire(whole.parseIssue == failure, "located \(failure), whole file: \(String(describing: whole.parseIssue))")
        } else if let issue = whole.parseIssue {
            fuzzRequire(outcome.kind == nil, "broken batch not located: \(issue)")
        }
        guard let plan = StreamedBatch.decide(outcome, path: source, inspector: inspector, analyzer: analyzer) else { return }
        let wholeFindings = analyzer.diagnose(whole).all.map(key)
        if let failure = plan.failure {
            let broken = StreamedBatch.brokenDocument(failure, source: source, inspector: inspector)
            fuzzRequire(analyzer.diagnose(broken).all.map(key) == wholeFindings, "broken file findings differ")
            return
        }
        var elements: [BatchSplitter.Element] = []
        let split = BatchSplitter.scan(bytes, chunk: chunk, maxDepth: maxDepth, checking: false) { elements.append($0) }
        fuzzRequire(!split.unsupported && split.failure == nil && elements.count == outcome.elements,
                    "splitting scan: \(split), \(elements.count) elements of \(outcome.elements)")
        var streamed = plan.wrapperFindings.map(key)
        var messages = 0
        var previousEnd = 0
        for element in elements {
            let place = element.place
            fuzzRequire(place.baseOffset >= previousEnd, "element at \(place.baseOffset) overlaps the one before")
            fuzzRequire(bytes[place.baseOffset..<min(bytes.count, place.baseOffset + element.bytes.count)].elementsEqual(element.bytes),
                        "element at \(place.baseOffset) is not the file's bytes")
            let newlines = bytes[..<place.baseOffset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            fuzzRequire(place.firstLine == newlines + 1, "element at \(place.baseOffset) on line \(place.firstLine)")
            previousEnd = place.baseOffset + element.bytes.count
            let document = inspector.inspect(element: element.bytes, source: source, at: place)
            messages += document.messages.count
            streamed += analyzer.diagnose(document).all.map(key)
        }
        fuzzRequire(messages == whole.messages.count, "\(messages) messages streamed, \(whole.messages.count) whole")
        fuzzRequire(streamed.sorted() == wholeFindings.sorted(), "streamed findings differ:\n\(streamed)\nwhole:\n\(wholeFindings)")
    }

    private static func key(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.line):\(diagnostic.column) \(diagnostic.code) \(diagnostic.severity) \(diagnostic.pointer) \(diagnostic.message)"
    }
}
