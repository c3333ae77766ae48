import InboxModel
import InboxCore

extension DiagnosticJSON {
    /// Writes the findings of a run (see `Writer.append`) one after the other: each is its
    /// head (`FindingJSONPrefixes`), its message escaped, the source line, its pointer and
    /// the numbers, every constant part a fixed number of wide stores after one room check.
    struct Run {
        /// The last line number written and its digits as a word: the findings of an NDJSON
        /// document are all on its line, so its digits are mostly stored again.
        private var lastLine = 0
        private var lineDigits = UInt64(UInt8(ascii: "0"))
        private var lineDigitCount = 1
        /// `room` but for the texts, the same for each finding of the run.
        private let fixedRoom: Int

        /// A run whose source line has `lineCount` bytes.
        init(lineCount: Int) {
            fixedRoom = Self.room(textBytes: 0, lineCount: lineCount)
        }

        /// The room a finding takes at most: the constant parts, the source line, and each
        /// text escaped in full.
        @inline(__always)
        static func room(textBytes: Int, lineCount: Int) -> Int {
            Writer.fixedRoom &+ lineCount &+ 3 &* ByteWriter.escapedRoom(0) &+ 6 &* textBytes
        }

        /// Writes one finding (`text`: its code, message and pointer, `FindingAccess`), after
        /// a comma when `separated`. The caller checked the run's room (`ByteWriter.checkRoom`),
        /// the sum of its findings' (`room`), which no finding writes past.
        @inline(__always)
        mutating func write(_ text: Span<UInt8>, _ fields: FindingFields, separated: Bool, line: Span<UInt8>,
                            heads: FindingJSONPrefixes, to out: inout ByteWriter) {
            assert(out.roomLeft >= fixedRoom &+ 6 &* text.count, "DiagnosticJSON: past the finding's room")
            let codeCount = fields.messageStart
            // A code of seven bytes or fewer is read as one word (the message follows it).
            if text.count >= 8, UInt(bitPattern: codeCount &- 1) < 7,
               let head = heads.head(word: text.word(at: 0), count: codeCount, severity: fields.severity) {
                heads.appendHead(head, skipping: separated ? 0 : 1, to: &out) // 1: no comma
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

        /// A finding's head in pieces, for a code without one made (`FindingJSONPrefixes`) and a
        /// document's first finding; the caller checked the room (`Writer.fixedRoom` and the code's).
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
