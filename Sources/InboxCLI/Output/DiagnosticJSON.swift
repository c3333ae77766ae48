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
    /// Each finding is written from its texts (`FindingAccess`) and its source:
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

        init() {}

        /// Appends the findings of one list (see `FindingLists.forEachList` and
        /// `ValidatedDocument.forEachFindingListByPosition`),
        /// each on a new line, pretty-printed at depth 2 (a member of the top-level
        /// `diagnostics` array), the same layout `JSONOut.serialized()` gives; `separated`
        /// puts a comma before the first, and is set after it. `knownLine` is the document's
        /// source line written before, elsewhere (`line(of:)`, kept from one document to
        /// the next by the caller), or empty: then it is written into `out` and copied
        /// from there. `heads` are the constant starts of each rule's findings.
        ///
        /// The findings of the document's source that follow one another, once its source
        /// line is written, are written in one run (`Run`): the room for all of them is
        /// reserved once and each is written by straight-line code inlined here, reading its
        /// fields in place. A call per finding, its parts passed in memory, and a
        /// reservation per finding cost about as much as writing its constant parts.
        mutating func append(_ findings: Span<Diagnostic>, source: String, knownLine: Span<UInt8>,
                             heads: FindingJSONPrefixes, separated: inout Bool, to out: inout ByteBuffer) {
            var index = 0
            while index < findings.count {
                let ofDocument = findings[index].hasSource(source)
                guard ofDocument, !knownLine.isEmpty || sourceLine != nil else {
                    if ofDocument {
                        findings[index].withText { appendWritingSource($0, $1, source, true, separated, &out) }
                    } else {
                        let own = findings[index].source
                        findings[index].withText { appendWritingSource($0, $1, own, false, separated, &out) }
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
                var separatedInRun = separated
                let lineCount = knownLine.isEmpty ? sourceLine?.count ?? 0 : knownLine.count
                // The sum of the findings' rooms (`Run.room`), each of which writes no more.
                let room = (end &- index) &* Run.room(textBytes: 0, lineCount: lineCount) &+ 6 &* textBytes
                let sourceLine = sourceLine
                heads.withBytes { headBytes in
                    out.write(reserving: room) { out in
                        var run = Run()
                        Self.withLine(knownLine, sourceLine, in: out) { line in
                            for finding in index ..< end {
                                findings[finding].withText {
                                    run.write($0, $1, separated: separatedInRun, line: line, heads: heads,
                                              headBytes: headBytes, to: &out)
                                }
                                separatedInRun = true
                            }
                        }
                    }
                }
                separated = true
                index = end
            }
        }

        /// `append` for the analyzer's records (`FindingRecords`): all of the document's
        /// source, so after the first (which may write the source line) they are one run.
        /// Inlined into the renderer's call (once per document): a call of its own cost as
        /// much as the run's set-up.
        @inline(__always)
        mutating func append(records findings: Span<FindingRecord>, source: String, knownLine: Span<UInt8>,
                             heads: FindingJSONPrefixes, separated: inout Bool, to out: inout ByteBuffer) {
            guard !findings.isEmpty else { return }
            var index = 0
            if knownLine.isEmpty, sourceLine == nil {
                findings[0].withText { appendWritingSource($0, $1, source, true, separated, &out) }
                separated = true
                index = 1
            }
            guard index < findings.count else { return }
            let lineCount = knownLine.isEmpty ? sourceLine?.count ?? 0 : knownLine.count
            var textBytes = 0
            for at in index ..< findings.count { textBytes &+= findings[at].textByteCount }
            // The sum of the findings' rooms (`Run.room`), counted from the records themselves.
            let room = (findings.count &- index) &* Run.room(textBytes: 0, lineCount: lineCount) &+ 6 &* textBytes
            var separatedInRun = separated
            let sourceLine = sourceLine
            heads.withBytes { headBytes in
                out.write(reserving: room) { out in
                    var run = Run()
                    Self.withLine(knownLine, sourceLine, in: out) { line in
                        for finding in index ..< findings.count {
                            findings[finding].withText {
                                run.write($0, $1, separated: separatedInRun, line: line, heads: heads,
                                          headBytes: headBytes, to: &out)
                            }
                            separatedInRun = true
                        }
                    }
                }
            }
            separated = true
        }

        /// Calls `body` with the source line of a run: `knownLine`, or the one written into
        /// the buffer (`sourceLine`, which `out` writes into). 32 bytes or more (`Run`
        /// counts on it): its keys alone are 41.
        @inline(__always)
        private static func withLine(_ knownLine: Span<UInt8>, _ sourceLine: Range<Int>?, in out: ByteWriter,
                                     _ body: (Span<UInt8>) -> Void) {
            if !knownLine.isEmpty {
                precondition(knownLine.count >= 32, "DiagnosticJSON: no source line")
                return body(knownLine)
            }
            let written = sourceLine ?? 0 ..< 0
            precondition(written.count >= 32, "DiagnosticJSON: no source line")
            out.withWritten(written, body)
        }

        /// The source line of `source`, from the quote that closes a message to the one that
        /// opens the pointer, for `knownLine`.
        static func line(of source: String) -> ByteBuffer {
            var line = ByteBuffer()
            source.withUTF8Span { source in
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
        /// made the loop of `append` over a run of findings slower.
        @inline(never)
        private mutating func appendWritingSource(_ text: Span<UInt8>, _ fields: FindingFields, _ source: String,
                                                  _ ofDocument: Bool, _ separated: Bool, _ out: inout ByteBuffer) {
            source.withUTF8Span { source in
                let room = Self.fixedRoom + Self.sourceKeysRoom + ByteWriter.escapedRoom(source.count)
                    + 3 * ByteWriter.escapedRoom(0) + 6 * text.count
                out.write(reserving: room) { out in
                    out.checkRoom(Self.fixedRoom &+ ByteWriter.escapedRoom(fields.messageStart))
                    Run.writeHead(code: text.extracting(0 ..< fields.messageStart), severity: fields.severity,
                                  separated, to: &out)
                    out.appendEscaped(text.extracting(fields.messageStart ..< fields.pointerStart))
                    let start = out.offset
                    out.append("\",\n      \"source\": \"")
                    out.appendEscaped(source)
                    out.append("\",\n      \"pointer\": \"")
                    if ofDocument { sourceLine = start ..< out.offset }
                    out.appendEscaped(text.extracting(fields.pointerStart...))
                    out.append("\",\n      \"line\": ")
                    out.append(decimal: fields.line)
                    out.append(",\n      \"column\": ")
                    out.append(decimal: fields.column)
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
