import InboxModel

extension DiagnosticJSON {
    /// Writes the findings of a run (see `Writer.append`: the document's source, its
    /// source line written before) one after the other, through a pointer held in a
    /// register from the head of a finding to its closing brace.
    ///
    /// A finding is its head (`FindingHeads`: from the comma to the quote that opens the
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
        private let heads: FindingHeads.Table
        /// The last line number written, and its digits (eight or fewer) as the low bytes
        /// of a word: from the first finding on, a line number (0) and its digits.
        private var lastLine = 0
        private var lineDigits = UInt64(UInt8(ascii: "0"))
        private var lineDigitCount = 1

        init(heads: FindingHeads.Table) {
            self.heads = heads
        }

        /// The room a finding takes at most with `textBytes` of code, message and pointer,
        /// with a source line of `lineCount` bytes: the constant parts (`Writer.fixedRoom`),
        /// the line and each text escaped in full (`ByteWriter.escapedRoom`).
        @inline(__always)
        static func room(textBytes: Int, lineCount: Int) -> Int {
            Writer.fixedRoom &+ lineCount &+ 3 &* ByteWriter.escapedRoom(0) &+ 6 &* textBytes
        }

        /// Writes one finding, the comma before it when `separated`; `line` is the source
        /// line (`Writer.line(of:)`, 41 bytes or more: its keys).
        @_transparent
        mutating func write(_ parts: Diagnostic.Parts, separated: Bool, line: UnsafeBufferPointer<UInt8>,
                            to out: inout ByteWriter) {
            let code = parts.code
            let pointer = parts.pointer
            let texts = code.count &+ parts.message.count &+ pointer.count
            out.checkRoom(Self.room(textBytes: texts, lineCount: line.count))
            var at = out.cursor
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
                out.cursor = at
                Writer.writeHead(parts, separated, to: &out)
                at = out.cursor
            }
            at = ByteWriter.writeEscaped(parts.message, at: at)
            Self.storeLine(line, at: at)
            at += line.count
            // Most pointers are sixteen bytes or fewer, with nothing to escape: one or two
            // words (eight readable bytes up to its end: the code and message are before it).
            if texts >= 8, UInt(bitPattern: pointer.count &- 1) < 16,
               let end = ByteWriter.writeShortIfPlain(pointer, at: at) {
                at = end
            } else {
                at = ByteWriter.writeEscaped(pointer, at: at)
            }
            at = Self.store("\",\n      \"line\": ", at: at)
            let lineNumber = parts.line
            if lineNumber == lastLine {
                UnsafeMutableRawPointer(at).storeBytes(of: lineDigits, as: UInt64.self)
                at += lineDigitCount
            } else {
                let end = ByteWriter.writeDecimal(lineNumber, at: at)
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
            at = ByteWriter.writeDecimal(parts.column, at: at)
            // "\n    }", stored as a word.
            UnsafeMutableRawPointer(at).storeBytes(of: 0x7D20_2020_200A as UInt64, as: UInt64.self)
            out.cursor = at + 6
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

        /// Copies the source line (more than 32 bytes) to `target`: the last sixteen bytes
        /// stored ending at its end, after the sixteens before them.
        @inline(__always)
        private static func storeLine(_ line: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) {
            guard let start = line.baseAddress else { return }
            let count = line.count
            let from = UnsafeRawPointer(start)
            let to = UnsafeMutableRawPointer(target)
            guard count > 32, count <= 64 else {
                var offset = 0
                while offset &+ 16 < count {
                    to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self),
                                  toByteOffset: offset, as: SIMD16<UInt8>.self)
                    offset &+= 16
                }
                if count >= 16 {
                    to.storeBytes(of: from.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self),
                                  toByteOffset: count &- 16, as: SIMD16<UInt8>.self)
                } else {
                    target.initialize(from: start, count: count)
                }
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

        /// Stores a constant of sixteen to 32 bytes as two stores of sixteen (the second
        /// ending at its end); returns where it ends.
        @inline(__always)
        private static func store(_ text: StaticString, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            let count = text.utf8CodeUnitCount
            let from = UnsafeRawPointer(text.utf8Start)
            let to = UnsafeMutableRawPointer(target)
            to.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self),
                          toByteOffset: count &- 16, as: SIMD16<UInt8>.self)
            return target + count
        }
    }
}
