import InboxModel
import InboxCore

/// The start of a finding's JSON object, from the comma before it to the quote that opens
/// its message (`,\n    {\n      "code": "IK301",\n      "severity": "warning",\n      "message": "`),
/// made once for every rule code and severity when the renderer is made: it never changes
/// for a rule, so a finding copies it as five sixteen-byte stores (80 bytes, the longest
/// head's size: `DiagnosticJSON.Run`) rather than writing the keys, escaping its code and
/// choosing its severity's line each time.
///
/// With them, the digits of the numbers below 1000 (a finding's column, and mostly its
/// line), made at the same time for the same writer.
///
/// Immutable once made, so the workers read it concurrently. A finding finds its head by
/// its code's bytes (seven or fewer, read as one word) and its severity, in a small open-
/// addressed table; a code that is not there (longer, or not a rule's) is written in pieces.
final class FindingJSONPrefixes: @unchecked Sendable { // @unchecked: its table is filled in init and only read after
    /// A head: `key` (0 for a free slot) and where its bytes are in `bytes`.
    struct Slot {
        var key: UInt64 = 0
        var start: Int32 = 0
        var count: Int32 = 0
    }

    /// What the writer reads, as plain pointers: valid while the `FindingJSONPrefixes` it came from
    /// is alive (the renderer keeps it). Held by the writer of each document without a
    /// retain and a release.
    struct Table {
        let slots: UnsafePointer<Slot>
        let bytes: UnsafePointer<UInt8>
        let mask: Int
        let shift: UInt64
        /// The digits of the numbers below 1000 (`smallDecimals`), or nil.
        let digits: UnsafePointer<UInt32>?

        /// No heads: every finding is written in pieces. Two free slots (a shift of 63
        /// leaves one bit of the hash), so that a lookup needs no test of its own.
        init() {
            slots = FindingJSONPrefixes.noSlots
            bytes = UnsafeRawPointer(FindingJSONPrefixes.noSlots).assumingMemoryBound(to: UInt8.self)
            mask = 1
            shift = 63
            digits = nil
        }

        init(slots: UnsafePointer<Slot>, bytes: UnsafePointer<UInt8>, mask: Int, shift: UInt64,
             digits: UnsafePointer<UInt32>) {
            self.slots = slots
            self.bytes = bytes
            self.mask = mask
            self.shift = shift
            self.digits = digits
        }

        /// Writes `value` in decimal at `target` (room for `ByteWriter.decimalRoom` bytes)
        /// and returns where the digits end: a number below 1000 (most columns and lines)
        /// is one load and one store of four bytes from `digits`, the last of them not
        /// output (the next piece is stored over it).
        @inline(__always)
        func writeDecimal(_ value: Int, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            if let digits, UInt(bitPattern: value) < 1000 {
                let entry = digits[value]
                UnsafeMutableRawPointer(target).storeBytes(of: entry, as: UInt32.self)
                return target + Int(truncatingIfNeeded: entry &>> 24)
            }
            return ByteWriter.writeDecimal(value, at: target)
        }

        /// The head of the finding whose code is the low `count` bytes of `word` (one to
        /// seven) and whose severity is `severity`, or nil.
        @inline(__always)
        func head(word: UInt64, count: Int, severity: Severity) -> UnsafeBufferPointer<UInt8>? {
            let key = FindingJSONPrefixes.key(word: word, count: count, severity: severity)
            var slot = FindingJSONPrefixes.slot(of: key, shift: shift)
            while true {
                let found = slots[slot].key
                if found == key {
                    return UnsafeBufferPointer(start: bytes + Int(slots[slot].start), count: Int(slots[slot].count))
                }
                if found == 0 { return nil }
                slot = (slot &+ 1) & mask
            }
        }
    }

    private let slots: UnsafeMutablePointer<Slot>
    /// The heads, one after the other (never changed once made).
    private let bytes: ByteBuffer
    /// The numbers below 1000 in decimal: their digits as the low bytes of a word, the
    /// first lowest, and their count as its top byte (never changed once made).
    private let smallDecimals: UnsafeMutablePointer<UInt32>
    let table: Table

    /// The heads of `codes` (the rule catalogue's) at each severity. Codes of more than
    /// seven bytes, or with bytes a JSON string escapes, get none. Written with plain
    /// byte appends: made at every start, for some two hundred heads.
    init(codes: [String]) {
        var slotCount = 16
        while slotCount < 4 * 3 * codes.count { slotCount *= 2 }
        var shift: UInt64 = 64
        var size = slotCount
        while size > 1 { size /= 2; shift -= 1 }
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(), count: slotCount)
        var written = ByteBuffer(capacity: codes.count * 3 * 80)
        for code in codes {
            code.withUTF8Bytes { code in
                guard code.count >= 1, code.count <= 7,
                      code.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) else { return }
                var word: UInt64 = 0
                for index in code.indices { word |= UInt64(code[index]) << (8 * UInt64(index)) }
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
        for _ in 0 ..< Self.readable { written.append(0) }
        let smallDecimals = UnsafeMutablePointer<UInt32>.allocate(capacity: 1000)
        for value in 0 ..< 1000 {
            let count = value < 10 ? 1 : value < 100 ? 2 : 3
            var entry = UInt32(count) << 24
            var rest = value
            for place in (0 ..< count).reversed() {
                entry |= UInt32(0x30 + rest % 10) << (8 * UInt32(place))
                rest /= 10
            }
            smallDecimals[value] = entry
        }
        self.smallDecimals = smallDecimals
        self.slots = slots
        bytes = written
        // The buffer is kept unchanged, so its bytes stay where they are.
        table = Table(slots: slots, bytes: written.withBytes { $0.baseAddress.unsafelyUnwrapped }, mask: slotCount - 1,
                      shift: shift, digits: smallDecimals)
    }

    deinit {
        slots.deallocate()
        smallDecimals.deallocate()
    }

    /// The slots of `Table()`, free (never written: immutable, so shared by the threads).
    /// Unsafe only to the compiler: written once, before any thread reads it.
    nonisolated(unsafe) private static let noSlots: UnsafePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: 2)
        slots.initialize(repeating: Slot(), count: 2)
        return UnsafePointer(slots)
    }()

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
