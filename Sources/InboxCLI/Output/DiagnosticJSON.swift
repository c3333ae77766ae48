import InboxModel
import InboxCore

/// Writes `<diagnostic>` objects of the JSON contract straight into the output bytes:
/// `validate` prints one per finding, too many to build a value tree for each.
enum DiagnosticJSON {
    /// Writes the diagnostics of one document into one buffer: the source line they share
    /// is quoted once and copied for each finding, as are the constant keys around the
    /// texts (`Run`), so a finding is mostly its message and pointer escaped.
    struct Writer {
        /// Where `",\n      "source": "<source>",\n      "pointer": "` was first written in
        /// the buffer for the document's source (from the quote that closes the message to
        /// the one that opens the pointer).
        private var sourceLine: Range<Int>?

        init() {}

        /// Appends the findings of one list, laid out as `JSONOut.serialized()` lays out the
        /// members of `diagnostics`; `separated` puts a comma before the first, and is set.
        /// `knownLine` is the source line kept by the caller (`line(of:)`), or empty.
        /// The findings of the document's source after its line is written are one run
        /// (`Run`): their room is reserved once, a per-finding reservation cost as much as
        /// their constant parts.
        mutating func append(_ findings: Span<Diagnostic>, source: String, knownLine: Span<UInt8>,
                             heads: FindingJSONPrefixes, separated: inout Bool, to out: inout ByteBuffer) {
            var index = 0
            while index < findings.count {
                let ofDocument = findings[index].hasSource(source)
                guard ofDocument, !knownLine.isEmpty || sourceLine != nil else {
                    if ofDocument {
                        findings.withText(at: index) { appendWritingSource($0, $1, source, true, separated, &out) }
                    } else {
                        let own = findings[index].source
                        findings.withText(at: index) { appendWritingSource($0, $1, own, false, separated, &out) }
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
                out.write(reserving: room) { out in
                    out.checkRoom(room) // for the roomChecked pieces of `Run.write`
                    Self.withLine(knownLine, sourceLine, in: out) { line in
                        var run = Run(lineCount: line.count)
                        for finding in index ..< end {
                            findings.withText(at: finding) {
                                run.write($0, $1, separated: separatedInRun, line: line, heads: heads, to: &out)
                            }
                            separatedInRun = true
                        }
                    }
                }
                separated = true
                index = end
            }
        }

        /// `append` for the analyzer's records (`FindingRecords`): all of the document's
        /// source, so after the first (which may write the source line) they are one run.
        @inline(__always)
        mutating func append(records findings: Span<FindingRecord>, source: String, knownLine: Span<UInt8>,
                             heads: FindingJSONPrefixes, separated: inout Bool, to out: inout ByteBuffer) {
            guard !findings.isEmpty else { return }
            var index = 0
            if knownLine.isEmpty, sourceLine == nil {
                findings.withText(at: 0) { appendWritingSource($0, $1, source, true, separated, &out) }
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
            out.write(reserving: room) { out in
                out.checkRoom(room) // for the roomChecked pieces of `Run.write`
                Self.withLine(knownLine, sourceLine, in: out) { line in
                    var run = Run(lineCount: line.count)
                    for finding in index ..< findings.count {
                        findings.withText(at: finding) {
                            run.write($0, $1, separated: separatedInRun, line: line, heads: heads, to: &out)
                        }
                        separatedInRun = true
                    }
                }
            }
            separated = true
        }

        /// Calls `body` with the source line of a run: `knownLine`, or the one written into
        /// the buffer (`sourceLine`); 41 bytes or more (its keys), which `Run` counts on.
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
        /// written out, and kept for those after it when it is the document's. Not inlined:
        /// once per document at most, and inlined it slowed the run's loop.
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

        /// Everything but the source line and the escaped texts, at most: the head (`Run`
        /// stores 80 bytes of it), the keys and numbers after the pointer, and spare.
        static var fixedRoom: Int { 192 }
        /// The keys and quotes around the source.
        static var sourceKeysRoom: Int { 41 }
    }

    /// What `append` reserves at most for a document's findings (each byte of each text
    /// and source line escaped): a buffer of this size takes them without growing.
    static func room(findings: Int, textBytes: Int, sourceBytes: Int) -> Int {
        findings &* (Writer.fixedRoom &+ Writer.sourceKeysRoom &+ 4 &* ByteWriter.escapedRoom(0) &+ 6 &* sourceBytes)
            &+ 6 &* textBytes
    }
}
