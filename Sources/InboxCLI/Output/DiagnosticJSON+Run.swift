import InboxModel
import InboxCore

extension DiagnosticJSON {
    /// Writes the findings of a run (see `Writer.append`: the document's source, its
    /// source line written before) one after the other, through a pointer held in a
    /// register from the head of a finding to its closing brace.
    ///
    /// A finding is its head (`FindingJSONPrefixes`: from the comma to the quote that opens the
    /// message), its message escaped, the source line, its pointer, and the keys and
    /// numbers after it. Every constant part is a fixed number of wide stores, with no
    /// loop and no test of its size: the head is always 80 bytes stored (it has at most
    /// 80, and the heads' memory has room to read past the last), the source line is four
    /// stores of sixteen or fewer when it has 64 bytes or fewer (as most have), the keys
    /// around the line number are two each, the closing brace one. The room of a finding
    /// is checked once, for all of them (`room`).
    ///
    /// The line number of a finding is mostly the one before it (the findings of an NDJSON
    /// document are all on its line): its digits are kept as a word and stored again.
    struct Run {
        private let heads: FindingJSONPrefixes.Table
        /// The last line number written, and its digits (eight or fewer) as the low bytes
        /// of a word: from the first finding on, a line number (0) and its digits.
        private var lastLine = 0
        private var lineDigits = UInt64(UInt8(ascii: "0"))
        private var lineDigitCount = 1

        init(heads: FindingJSONPrefixes.Table) {
            self.heads = heads
        }

        /// The room a finding takes at most with `textBytes` of code, message and pointer,
        /// with a source line of `lineCount` bytes: the constant parts (`Writer.fixedRoom`),
        /// the line and each text escaped in full (`ByteWriter.escapedRoom`).
        @inline(__always)
        static func room(textBytes: Int, lineCount: Int) -> Int {
            Writer.fixedRoom &+ lineCount &+ 3 &* ByteWriter.escapedRoom(0) &+ 6 &* textBytes
        }

        /// Writes one finding at `at`, the comma before it when `separated`, and returns
        /// where it ends; `end` is the end of the room. `line` is the source line
        /// (`Writer.line(of:)`, 41 bytes or more: its keys). The pointer is kept in a
        /// register from one finding to the next (a `ByteWriter` reached through the
        /// run's closure was stored to memory, and checked, at each).
        @_transparent
        mutating func write(_ parts: Diagnostic.Parts, separated: Bool, line: UnsafeBufferPointer<UInt8>,
                            at start: UnsafeMutablePointer<UInt8>,
                            end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            let code = parts.code
            let pointer = parts.pointer
            let texts = code.count &+ parts.message.count &+ pointer.count
            // A finding's texts are its block's bytes one after the other (`Diagnostic`,
            // `FindingRecord`): the code's word and the pointer's chunks read across them.
            assert(code.baseAddress.map { $0 + code.count } == parts.message.baseAddress
                   && pointer.baseAddress == parts.message.baseAddress.map({ $0 + parts.message.count }),
                   "a finding's code, message and pointer are not one after the other")
            // Checked once for the run, whose room is the sum of its findings' (`Writer.append`).
            assert(end - start >= Self.room(textBytes: texts, lineCount: line.count), "DiagnosticJSON: past the reserved room")
            var at = start
            // The head, when the code has one: seven bytes or fewer, read as one word (the
            // message and pointer follow it in the same memory, so eight are readable).
            if texts >= 8, UInt(bitPattern: code.count &- 1) < 7, let codeStart = code.baseAddress,
               let head = heads.head(word: UnsafeRawPointer(codeStart).loadUnaligned(as: UInt64.self),
                                     count: code.count, severity: parts.severity),
               let headStart = head.baseAddress {
                let skipped = separated ? 0 : 1 // the comma
                Self.store80(from: headStart + skipped, at: at)
                at += head.count &- skipped
            } else {
                at = Self.writeHead(code: code, severity: parts.severity, separated, at: at)
            }
            at = ByteWriter.writeEscaped(parts.message, at: at)
            // Most pointers are 32 bytes or fewer, with nothing to escape: the sixteen or 32
            // bytes that end at its end (readable: the code and message are before it) are
            // tested and stored as they are, ending where the pointer ends, before the
            // source line (41 bytes or more), which is then stored over the ones before
            // the pointer.
            let pointerAt = at + line.count
            var pointerEnd: UnsafeMutablePointer<UInt8>?
            if texts >= 32, UInt(bitPattern: pointer.count &- 1) < 32 {
                pointerEnd = ByteWriter.writeShortIfPlain(pointer, at: pointerAt)
            }
            Self.storeLine(line, at: at)
            at = pointerEnd ?? ByteWriter.writeEscaped(pointer, at: pointerAt)
            at = Self.store("\",\n      \"line\": ", at: at)
            let lineNumber = parts.line
            if lineNumber == lastLine {
                UnsafeMutableRawPointer(at).storeBytes(of: lineDigits, as: UInt64.self)
                at += lineDigitCount
            } else {
                let end = heads.writeDecimal(lineNumber, at: at)
                if UInt(bitPattern: lineNumber) < 100_000_000 { // eight digits or fewer, no sign
                    lastLine = lineNumber
                    lineDigitCount = end - at
                    // The digits, and what the room holds after them (not output: the next
                    // piece is stored over it).
                    lineDigits = UnsafeRawPointer(at).loadUnaligned(as: UInt64.self)
                }
                at = end
            }
            at = Self.store(",\n      \"column\": ", at: at)
            at = heads.writeDecimal(parts.column, at: at)
            // "\n    }", stored as a word.
            UnsafeMutableRawPointer(at).storeBytes(of: 0x7D20_2020_200A as UInt64, as: UInt64.self)
            return at + 6
        }

        /// A finding's head in pieces, up to the quote that opens its message: for a code
        /// without a head made once (`FindingJSONPrefixes`), and the first finding of a document
        /// whose source line is not known (`Writer`). Writes at most `Writer.fixedRoom` and
        /// the code escaped (`ByteWriter.escapedRoom`).
        ///
        /// Takes the parts it needs, not a `Diagnostic.Parts`: passed to a call, those were
        /// stored into memory for every finding, before the test that takes this path.
        @inline(never)
        static func writeHead(code: UnsafeBufferPointer<UInt8>, severity: Severity, _ separated: Bool,
                              at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            var at = start
            if separated {
                at = store(",\n    {\n      \"code\": \"", at: at)
            } else {
                at = store("\n    {\n      \"code\": \"", at: at)
            }
            at = ByteWriter.writeEscaped(code, at: at)
            switch severity {
            case .error: at = store("\",\n      \"severity\": \"error\",\n      \"message\": \"", at: at)
            case .warning: at = store("\",\n      \"severity\": \"warning\",\n      \"message\": \"", at: at)
            case .info: at = store("\",\n      \"severity\": \"info\",\n      \"message\": \"", at: at)
            }
            return at
        }

        /// Copies 80 bytes from `source` (readable) to `target`, as five stores.
        @inline(__always)
        private static func store80(from source: UnsafePointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) {
            let from = UnsafeRawPointer(source)
            let to = UnsafeMutableRawPointer(target)
            for offset in stride(from: 0, to: 80, by: 16) {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self),
                              toByteOffset: offset, as: SIMD16<UInt8>.self)
            }
        }

        /// Copies the source line (sixteen bytes or more: 41 at least) to `target`, in
        /// sixteens, every byte of it (over what `write` stored there for the pointer).
        @inline(__always)
        private static func storeLine(_ line: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) {
            guard let start = line.baseAddress else { return }
            let count = line.count
            let from = UnsafeRawPointer(start)
            let to = UnsafeMutableRawPointer(target)
            guard count > 32, count <= 64 else {
                ByteWriter.copySixteens(from, count: count, to: to)
                return
            }
            to.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self), toByteOffset: 16,
                          as: SIMD16<UInt8>.self)
            if count > 48 {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self), toByteOffset: 32,
                              as: SIMD16<UInt8>.self)
            }
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self),
                          toByteOffset: count &- 16, as: SIMD16<UInt8>.self)
        }

        /// Stores a constant of sixteen bytes or more as stores of sixteen (the last ending
        /// at its end: two for the keys of up to 32 bytes); returns where it ends.
        @inline(__always)
        private static func store(_ text: StaticString, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            let count = text.utf8CodeUnitCount
            ByteWriter.copySixteens(UnsafeRawPointer(text.utf8Start), count: count, to: UnsafeMutableRawPointer(target))
            return target + count
        }
    }
}
