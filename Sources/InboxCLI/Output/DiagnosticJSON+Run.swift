import InboxModel
import InboxCore

extension DiagnosticJSON {
    /// Writes the findings of a run (see `Writer.append`: the document's source, its
    /// source line written before) one after the other, through a `ByteWriter` kept in
    /// registers from the head of a finding to its closing brace.
    ///
    /// A finding is its head (`FindingJSONPrefixes`: from the comma to the quote that opens the
    /// message), its message escaped, the source line, its pointer, and the keys and
    /// numbers after it. Every constant part is a fixed number of wide stores, with no
    /// loop and no test of its size: the head is always 80 bytes stored (the heads' bytes
    /// are padded for it), the source line and a plain pointer are a few stores of
    /// sixteen (`ByteWriter.append(roomChecked:thenEscaped:from:)`), the keys around the
    /// line number are two each, the closing brace one. The room of a finding is checked
    /// once, for all of them (`room`).
    ///
    /// The line number of a finding is mostly the one before it (the findings of an NDJSON
    /// document are all on its line): its digits are kept as a word and stored again.
    struct Run {
        /// The last line number written, and its digits (eight or fewer) as the low bytes
        /// of a word: from the first finding on, a line number (0) and its digits.
        private var lastLine = 0
        private var lineDigits = UInt64(UInt8(ascii: "0"))
        private var lineDigitCount = 1

        /// The room a finding takes at most with `textBytes` of code, message and pointer,
        /// with a source line of `lineCount` bytes: the constant parts (`Writer.fixedRoom`),
        /// the line and each text escaped in full (`ByteWriter.escapedRoom`).
        @inline(__always)
        static func room(textBytes: Int, lineCount: Int) -> Int {
            Writer.fixedRoom &+ lineCount &+ 3 &* ByteWriter.escapedRoom(0) &+ 6 &* textBytes
        }

        /// Writes one finding (`text`: its code, message and pointer; `FindingAccess`), the
        /// comma before it when `separated`. `line` is the source line (`Writer.line(of:)`,
        /// 41 bytes or more: its keys); `headBytes` are `heads`' bytes.
        @inline(__always)
        mutating func write(_ text: Span<UInt8>, _ fields: FindingFields, separated: Bool, line: Span<UInt8>,
                            heads: FindingJSONPrefixes, headBytes: Span<UInt8>, to out: inout ByteWriter) {
            out.checkRoom(Self.room(textBytes: text.count, lineCount: line.count))
            let codeCount = fields.messageStart
            // The head, when the code has one: seven bytes or fewer, read as one word (the
            // message and pointer follow it in the same span, so eight are readable).
            if text.count >= 8, UInt(bitPattern: codeCount &- 1) < 7,
               let head = heads.head(word: text.word(at: 0), count: codeCount, severity: fields.severity) {
                let skipped = separated ? 0 : 1 // the comma
                out.append(roomChecked: headBytes, from: head.start &+ skipped, count: head.count &- skipped,
                           storing: FindingJSONPrefixes.longest)
            } else {
                Self.writeHead(code: text.extracting(0 ..< codeCount), severity: fields.severity, separated, to: &out)
            }
            out.appendEscapedInline(roomChecked: text.extracting(fields.messageStart ..< fields.pointerStart))
            out.append(roomChecked: line, thenEscaped: text, from: fields.pointerStart)
            out.append(roomChecked: "\",\n      \"line\": ")
            let lineNumber = fields.line
            if lineNumber == lastLine {
                out.append(roomChecked: lineDigits, count: lineDigitCount)
            } else {
                let start = out.offset
                heads.appendDecimal(lineNumber, to: &out)
                if UInt(bitPattern: lineNumber) < 100_000_000 { // eight digits or fewer, no sign
                    lastLine = lineNumber
                    lineDigitCount = out.offset &- start
                    lineDigits = out.word(written: start, count: lineDigitCount)
                }
            }
            out.append(roomChecked: ",\n      \"column\": ")
            heads.appendDecimal(fields.column, to: &out)
            out.append(roomChecked: 0x7D20_2020_200A, count: 6) // "\n    }"
        }

        /// A finding's head in pieces, up to the quote that opens its message: for a code
        /// without a head made once (`FindingJSONPrefixes`), and the first finding of a document
        /// whose source line is not known (`Writer`). Writes at most `Writer.fixedRoom` and
        /// the code escaped (`ByteWriter.escapedRoom`), whose room the caller checked.
        @inline(never)
        static func writeHead(code: Span<UInt8>, severity: Severity, _ separated: Bool, to out: inout ByteWriter) {
            if separated {
                out.append(roomChecked: ",\n    {\n      \"code\": \"")
            } else {
                out.append(roomChecked: "\n    {\n      \"code\": \"")
            }
            out.appendEscaped(code)
            switch severity {
            case .error: out.append(roomChecked: "\",\n      \"severity\": \"error\",\n      \"message\": \"")
            case .warning: out.append(roomChecked: "\",\n      \"severity\": \"warning\",\n      \"message\": \"")
            case .info: out.append(roomChecked: "\",\n      \"severity\": \"info\",\n      \"message\": \"")
            }
        }
    }
}
