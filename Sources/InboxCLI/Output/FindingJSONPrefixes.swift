import InboxModel
import InboxCore

/// The start of a finding's JSON object, from the comma before it to the quote that opens
/// its message, made once per rule code and severity: a finding copies it as a fixed 80
/// bytes rather than writing its keys and escaping its code. Found by the code's bytes (as
/// a word) and the severity; a code without one (longer, not a rule's) is written in pieces.
/// With them, the digits of the numbers below 1000 (columns, most lines). Immutable, so
/// the workers share it.
final class FindingJSONPrefixes: Sendable {
    /// A head: `key` (0 for a free slot) and where its bytes are in `bytes`.
    struct Slot {
        var key: UInt64 = 0
        var start: Int32 = 0
        var count: Int32 = 0
    }

    /// Open-addressed by `slot(of:shift:)`, with free slots (at least two: a lookup needs
    /// no test of its own to end).
    private let slots: [Slot]
    private let mask: Int
    private let shift: UInt64
    /// The heads, one after the other, and `readable` bytes after the last.
    private let bytes: ByteBuffer
    /// The numbers below 1000 in decimal: their digits as the low bytes of a word, the
    /// first lowest, and their count as its top byte.
    private let smallDecimals: [UInt32]

    /// The heads of `codes` (the rule catalogue's) at each severity; codes of more than
    /// seven bytes, or with bytes a JSON string escapes, get none.
    init(codes: [String]) {
        var slotCount = 16
        while slotCount < 4 * 3 * codes.count { slotCount *= 2 }
        var shift: UInt64 = 64
        var size = slotCount
        while size > 1 { size /= 2; shift -= 1 }
        var slots = [Slot](repeating: Slot(), count: slotCount)
        var written = ByteBuffer(capacity: codes.count * 3 * 80 + Self.readable)
        for code in codes {
            code.withUTF8Span { code in
                guard code.count >= 1, code.count <= 7 else { return }
                var word: UInt64 = 0
                for index in code.indices {
                    let byte = code[index]
                    guard byte >= 0x20, byte < 0x7F, byte != 0x22, byte != 0x5C else { return }
                    word |= UInt64(byte) << (8 * UInt64(index))
                }
                for severity in 0 ..< 3 {
                    let level: Severity = severity == 0 ? .error : severity == 1 ? .warning : .info
                    let key = Self.key(word: word, count: code.count, severity: level)
                    var slot = Self.slot(of: key, shift: shift)
                    while slots[slot].key != 0 && slots[slot].key != key { slot = (slot + 1) & (slotCount - 1) }
                    guard slots[slot].key == 0 else { continue } // the same code twice
                    let start = written.count
                    written.append(",\n    {\n      \"code\": \"")
                    written.append(code)
                    switch level {
                    case .error: written.append("\",\n      \"severity\": \"error\",\n      \"message\": \"")
                    case .warning: written.append("\",\n      \"severity\": \"warning\",\n      \"message\": \"")
                    case .info: written.append("\",\n      \"severity\": \"info\",\n      \"message\": \"")
                    }
                    precondition(written.count - start <= Self.longest, "FindingJSONPrefixes: a head longer than its reader stores")
                    slots[slot] = Slot(key: key, start: Int32(start), count: Int32(written.count - start))
                }
            }
        }
        // Every head is read as 80 bytes from its comma or the byte after it (`DiagnosticJSON.Run`):
        // room to read past the last.
        written.append(repeating: 0, count: Self.readable)
        self.slots = slots
        self.mask = slotCount - 1
        self.shift = shift
        bytes = written
        var smallDecimals = [UInt32](repeating: 0, count: 1000)
        smallDecimals.withMutableSpan { entries in
            // Digit by digit, counted up (no division per number: made at every start).
            var value = 0
            for hundreds: UInt32 in 0x30 ... 0x39 {
                for tens: UInt32 in 0x30 ... 0x39 {
                    for units: UInt32 in 0x30 ... 0x39 {
                        entries[value] = value < 10 ? 1 << 24 | units
                            : value < 100 ? 2 << 24 | tens | units << 8
                            : 3 << 24 | hundreds | tens << 8 | units << 16
                        value += 1
                    }
                }
            }
        }
        self.smallDecimals = smallDecimals
    }

    /// Appends the head at `head` (`head(word:count:severity:)`) from its byte `skipped`
    /// on (1 leaves out the comma), storing a fixed 80 bytes (room: `longest`).
    @inline(__always)
    func appendHead(_ head: (start: Int, count: Int), skipping skipped: Int, to out: inout ByteWriter) {
        bytes.withSpan { bytes in
            out.append(roomChecked: bytes, from: head.start &+ skipped, count: head.count &- skipped,
                       storing: Self.longest)
        }
    }

    /// Appends `value` in decimal, a number below 1000 as one word from `smallDecimals`
    /// (room: `ByteWriter.decimalRoom`).
    @inline(__always)
    func appendDecimal(_ value: Int, to out: inout ByteWriter) {
        if UInt(bitPattern: value) < 1000 {
            let entry = smallDecimals[value]
            out.append(roomChecked: UInt64(entry), count: Int(truncatingIfNeeded: entry &>> 24))
            return
        }
        out.append(roomCheckedDecimal: value)
    }

    /// Where the head of the finding whose code is the low `count` bytes of `word` (one to
    /// seven) and whose severity is `severity` is in the heads' bytes, or nil.
    @inline(__always)
    func head(word: UInt64, count: Int, severity: Severity) -> (start: Int, count: Int)? {
        let key = Self.key(word: word, count: count, severity: severity)
        var slot = Self.slot(of: key, shift: shift)
        while true {
            let found = slots[slot]
            if found.key == key { return (Int(found.start), Int(found.count)) }
            if found.key == 0 { return nil }
            slot = (slot &+ 1) & mask
        }
    }

    /// The most bytes a head has (a code of seven bytes, the severity `warning`): its
    /// reader stores that many whatever its size, and may read them from its second byte.
    static var longest: Int { 80 }
    static var readable: Int { longest + 1 }

    /// A head's key: the code's bytes, its length and the severity, in one word (never 0).
    @inline(__always)
    static func key(word: UInt64, count: Int, severity: Severity) -> UInt64 {
        let severityBits: UInt64
        switch severity {
        case .info: severityBits = 1 << 60
        case .warning: severityBits = 2 << 60
        case .error: severityBits = 3 << 60
        }
        let bits = UInt64(truncatingIfNeeded: count) &* 8 // 8 to 56
        return word & (UInt64.max &>> (64 &- bits)) | UInt64(truncatingIfNeeded: count) &<< 56 | severityBits
    }

    /// The first slot to try for `key`: the top bits of a multiplicative hash.
    @inline(__always)
    static func slot(of key: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }
}
