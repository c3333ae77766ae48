import InboxModel
import InboxCore

/// Writes `<diagnostic>` objects of the JSON contract straight into the output bytes:
/// `validate` prints one per finding, and building a value tree for each was the
/// largest cost of the JSON format on big inputs.
enum DiagnosticJSON {
    /// Writes the diagnostics of one document into one buffer: the source they share is
    /// quoted once, with the keys around it, and copied from there for each finding after
    /// the first (or from a line the caller kept from the documents before, `knownLine`);
    /// the severity is one of three fixed lines.
    ///
    /// Each finding is written from its parts (`Diagnostic.unsafeParts`) and its source:
    /// the document's (as its findings have unless made elsewhere) or its own. The writer
    /// keeps no `String` of its own: holding the source cost a retain and a release
    /// (atomic) per document, and taking each finding's another.
    ///
    /// The quotes of the code, message and pointer are written with the constant text
    /// around them, and the texts themselves are escaped between them: a finding of a run
    /// (`Run`) is a few wide stores around its message and pointer.
    struct Writer {
        /// Where `",\n      "source": "<source>",\n      "pointer": "` was first written in
        /// the buffer for the document's source (from the quote that closes the message to
        /// the one that opens the pointer).
        private var sourceLine: Range<Int>?
        /// The document's source line written before, elsewhere (`line(of:)`, kept from one
        /// document to the next by the caller): then it is copied from there for every
        /// finding, the first too, and never written into the buffer by this writer.
        private let knownLine: UnsafeBufferPointer<UInt8>?
        /// The constant start of each rule's findings (`FindingJSONPrefixes`).
        private let heads: FindingJSONPrefixes.Table

        init(heads: FindingJSONPrefixes.Table = FindingJSONPrefixes.Table(), knownLine: UnsafeBufferPointer<UInt8>? = nil) {
            self.heads = heads
            self.knownLine = knownLine
        }

        /// Appends the findings of one list (see `FindingLists.forEachList` and
        /// `ValidatedDocument.forEachFindingListByPosition`),
        /// each on a new line, pretty-printed at depth 2 (a member of the top-level
        /// `diagnostics` array), the same layout `JSONOut.serialized()` gives; `separated`
        /// puts a comma before the first, and is set after it.
        ///
        /// The findings of the document's source that follow one another, once its source
        /// line is written, are written in one run (`Run`): the room for all of them is
        /// reserved once and each is written by straight-line code inlined here, reading its
        /// fields in place. A call per finding, its parts passed in memory, and a
        /// reservation per finding (a uniqueness check, a call into the runtime) cost
        /// about as much as writing its constant parts.
        mutating func append(_ findings: UnsafeBufferPointer<Diagnostic>, source: String, separated: inout Bool,
                             to out: inout ByteBuffer) {
            var index = 0
            while index < findings.count {
                let ofDocument = findings[index].hasSource(source)
                guard ofDocument, knownLine != nil || sourceLine != nil else {
                    let parts = findings[index].unsafeParts
                    if ofDocument {
                        appendWritingSource(parts, source, true, separated, &out)
                    } else {
                        appendWritingSource(parts, findings[index].source, false, separated, &out)
                    }
                    separated = true
                    index += 1
                    continue
                }
                // The run: findings of the document's source from `index` up to `end`.
                var end = index &+ 1
                var textBytes = findings[index].textByteCount
                while end < findings.count, findings[end].hasSource(source) {
                    textBytes &+= findings[end].textByteCount
                    end &+= 1
                }
                let first = separated
                var run = Run(heads: heads)
                let lineCount = knownLine?.count ?? sourceLine?.count ?? 0
                // The sum of the findings' rooms (`Run.room`), each of which writes no more:
                // the room is checked once, here, for all of them.
                let room = (end &- index) &* Run.room(textBytes: 0, lineCount: lineCount) &+ 6 &* textBytes
                let knownLine = knownLine
                let sourceLine = sourceLine
                out.write(reserving: room) { out in
                    let line = Self.line(knownLine, sourceLine, in: out)
                    var at = out.cursor
                    let roomEnd = out.end
                    var separated = first
                    for finding in index ..< end {
                        at = run.write(findings[finding].unsafeParts, separated: separated, line: line, at: at,
                                       end: roomEnd)
                        separated = true
                    }
                    out.cursor = at
                }
                separated = true
                index = end
            }
        }

        /// `append` for the analyzer's records (`FindingRecords`): all of the document's
        /// source, so after the first (which may write the source line) they are one run.
        /// Inlined into the renderer's call (once per document): a call of its own, its
        /// arguments and the state it reads moved to and from memory, cost as much as
        /// the run's set-up.
        @inline(__always)
        mutating func append(records findings: UnsafeBufferPointer<FindingRecord>, source: String,
                             separated: inout Bool, to out: inout ByteBuffer) {
            guard !findings.isEmpty else { return }
            var index = 0
            if knownLine == nil, sourceLine == nil {
                appendWritingSource(findings[0].unsafeParts, source, true, separated, &out)
                separated = true
                index = 1
            }
            guard index < findings.count, let lineCount = knownLine?.count ?? sourceLine?.count else { return }
            var textBytes = 0
            for at in index ..< findings.count { textBytes &+= findings[at].textByteCount }
            // The sum of the findings' rooms (`Run.room`), counted from the records themselves.
            let room = (findings.count &- index) &* Run.room(textBytes: 0, lineCount: lineCount) &+ 6 &* textBytes
            let first = separated
            var run = Run(heads: heads)
            let knownLine = knownLine
            let sourceLine = sourceLine
            out.write(reserving: room) { out in
                let line = Self.line(knownLine, sourceLine, in: out)
                var at = out.cursor
                let end = out.end
                var separated = first
                for finding in index ..< findings.count {
                    at = run.write(findings[finding].unsafeParts, separated: separated, line: line, at: at, end: end)
                    separated = true
                }
                out.cursor = at
            }
            separated = true
        }

        /// The source line of a run: `knownLine`, or the one written into the buffer
        /// (`sourceLine`, which `out` writes into). 32 bytes or more (`Run` counts on it):
        /// its keys alone are 41.
        @inline(__always)
        private static func line(_ knownLine: UnsafeBufferPointer<UInt8>?, _ sourceLine: Range<Int>?,
                                 in out: ByteWriter) -> UnsafeBufferPointer<UInt8> {
            if let knownLine {
                precondition(knownLine.count >= 32 && knownLine.baseAddress != nil, "DiagnosticJSON: no source line")
                return knownLine
            }
            let written = sourceLine ?? 0 ..< 0
            precondition(written.lowerBound >= 0 && written.upperBound <= out.offset && written.count >= 32,
                         "DiagnosticJSON: no source line")
            return UnsafeBufferPointer(start: out.cursor - out.offset + written.lowerBound, count: written.count)
        }

        /// The source line of `source`, from the quote that closes a message to the one that
        /// opens the pointer, for `init(knownLine:)`.
        static func line(of source: String) -> ByteBuffer {
            var line = ByteBuffer()
            source.withUTF8Bytes { source in
                line.write(reserving: sourceKeysRoom &+ ByteWriter.escapedRoom(source.count)) { out in
                    out.append("\",\n      \"source\": \"")
                    out.appendEscaped(source)
                    out.append("\",\n      \"pointer\": \"")
                }
            }
            return line
        }

        /// `append` for the first finding (or one of another source): the source line is
        /// written out, and kept for those after it when it is the document's. Written in
        /// pieces, through the writer's checked appends.
        ///
        /// Not inlined: it is the rare path (once per document at most), and inlined it
        /// made the loop of `append` over a run of findings slower (73 000 instructions).
        @inline(never)
        private mutating func appendWritingSource(_ parts: Diagnostic.Parts, _ source: String, _ ofDocument: Bool,
                                                  _ separated: Bool, _ out: inout ByteBuffer) {
            source.withUTF8Bytes { source in
                let room = Self.fixedRoom + Self.sourceKeysRoom + ByteWriter.escapedRoom(source.count)
                    + ByteWriter.escapedRoom(parts.code.count) + ByteWriter.escapedRoom(parts.message.count)
                    + ByteWriter.escapedRoom(parts.pointer.count)
                out.write(reserving: room) { out in
                    out.checkRoom(Self.fixedRoom &+ ByteWriter.escapedRoom(parts.code.count))
                    out.cursor = Run.writeHead(code: parts.code, severity: parts.severity, separated, at: out.cursor)
                    out.appendEscaped(parts.message)
                    let start = out.offset
                    out.append("\",\n      \"source\": \"")
                    out.appendEscaped(source)
                    out.append("\",\n      \"pointer\": \"")
                    if ofDocument { sourceLine = start ..< out.offset }
                    out.appendEscaped(parts.pointer)
                    out.append("\",\n      \"line\": ")
                    out.append(decimal: parts.line)
                    out.append(",\n      \"column\": ")
                    out.append(decimal: parts.column)
                    out.append("\n    }")
                }
            }
        }

        /// Everything but the source line and the escaped texts, at most: the head (80
        /// bytes, and `Run` stores 80 whatever its size), the keys, quotes and two numbers
        /// after the pointer (83 bytes, stored as words), with room to spare.
        static var fixedRoom: Int { 192 }
        /// The keys and quotes around the source.
        static var sourceKeysRoom: Int { 41 }
    }

    /// What `append` reserves, at most, for findings with `textBytes` of code, message and
    /// pointer in all, of a document whose source has `sourceBytes`: the worst case of
    /// every finding (each byte escaped), with the source line of each escaped in full.
    /// A buffer of this size takes the document's findings without growing.
    static func room(findings: Int, textBytes: Int, sourceBytes: Int) -> Int {
        findings &* (Writer.fixedRoom &+ Writer.sourceKeysRoom &+ 4 &* ByteWriter.escapedRoom(0) &+ 6 &* sourceBytes)
            &+ 6 &* textBytes
    }
}
