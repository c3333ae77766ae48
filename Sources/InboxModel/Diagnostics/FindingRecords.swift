import InboxCore

/// A finding as the analyzer keeps it (`Report` in recording mode): plain values, its
/// texts in a block of findings' texts that the record does NOT hold. The `FindingRecords`
/// it is in holds the blocks of all its records, once each, so a finding costs no reference
/// count; the findings handed to other code are made as `Diagnostic`s (`diagnostic(at:)`),
/// which hold their block themselves.
public struct FindingRecord: Sendable {
    /// Where the block of its texts starts (`withJoinedTexts`).
    @usableFromInline let address: TextBlockAddress
    public let line: Int
    public let column: Int
    /// The code is bytes `start ..< messageStart` of its block, then the message up to
    /// `pointerStart`, then the pointer up to `end` (a block is at most a finding's size or
    /// 64 KiB: the offsets fit 32 bits).
    @usableFromInline let start: UInt32
    @usableFromInline let messageStart: UInt32
    @usableFromInline let pointerStart: UInt32
    @usableFromInline let end: UInt32
    /// Which of the owning records' blocks (`FindingRecordTotals.block(_:)`).
    @usableFromInline let block: UInt32
    public let severity: Severity

    init(address: TextBlockAddress, line: Int, column: Int, start: Int, messageStart: Int, pointerStart: Int,
         end: Int, block: Int, severity: Severity) {
        self.address = address
        self.line = line
        self.column = column
        self.start = UInt32(truncatingIfNeeded: start)
        self.messageStart = UInt32(truncatingIfNeeded: messageStart)
        self.pointerStart = UInt32(truncatingIfNeeded: pointerStart)
        self.end = UInt32(truncatingIfNeeded: end)
        self.block = UInt32(truncatingIfNeeded: block)
        self.severity = severity
    }

    /// UTF-8 bytes of the code, the message and the pointer together (for sizing output).
    @inlinable
    public var textByteCount: Int { Int(end &- start) }

    /// Calls `body` with the UTF-8 of the code, the message and the pointer, one after the
    /// other, and where the message and the pointer start in it; valid only during the call,
    /// and only for a record read from the records that hold its block (`withRecordSpan`).
    @inlinable @inline(__always)
    package func withJoinedTexts<R>(_ body: (_ texts: Span<UInt8>, _ messageStart: Int, _ pointerStart: Int) throws -> R)
        rethrows -> R {
        let start = Int(start)
        let messageStart = Int(messageStart) &- start
        let pointerStart = Int(pointerStart) &- start
        return try address.withBytes(from: start, to: Int(end)) { try body($0, messageStart, pointerStart) }
    }
}

/// The findings of one document as the analyzer records them: one list for all of them
/// (the messages' in turn; where each message's end is in `ends`), plain records, and the
/// blocks their texts are in, held once each (by the list) rather than once per finding.
/// One allocation for the list and its blocks' references, none for a document without
/// findings.
///
/// Every record's source is the document's (the analyzer's report only writes into blocks
/// of its source). The findings about no message are not kept here: a document with any
/// has its lists made as `Diagnostic`s (`DocumentDiagnostics`).
public struct FindingRecords: @unchecked Sendable { // @unchecked: its buffer is written by one report, then only read
    /// The records and their blocks; nil for no findings.
    @usableFromInline let storage: FindingRecordStorage?
    /// The index after each message's last record, for documents of several messages;
    /// empty for one message (its records are all of them).
    let ends: [Int]
    /// How many messages the records are of.
    public let messageCount: Int
    /// Whether the records one after the other come by line, then column (set by the
    /// analyzer, which sorts each message's and compares where one message's end).
    public internal(set) var inPositionOrder = true

    init(storage: FindingRecordStorage?, ends: [Int], messageCount: Int) {
        self.storage = storage
        self.ends = ends
        self.messageCount = messageCount
    }

    /// What a renderer needs to know of the records before writing them, counted as they
    /// were recorded (no walk of them).
    public struct Summary {
        public var errors = 0
        public var warnings = 0
        public var infos = 0
        /// The UTF-8 bytes of the records' codes, messages and pointers (for sizing output).
        public var textBytes = 0
        public var inPositionOrder = true
    }

    public var summary: Summary {
        guard storage != nil else { return Summary(inPositionOrder: inPositionOrder) }
        return Borrowing.with(held: storage.unsafelyUnwrapped) { $0.withExtra { totals in
            Summary(errors: totals.errors, warnings: totals.warnings, infos: totals.infos,
                    textBytes: totals.textBytes, inPositionOrder: inPositionOrder)
        } }
    }

    /// Whether each message's first record comes after the one before it (the messages'
    /// records in order each, the whole list is then in order).
    func messagesFollowInOrder() -> Bool {
        guard ends.count > 1 else { return true }
        return withRecordSpan { records in
            for end in ends.dropLast() where end > 0 && end < records.count {
                let last = records[end - 1]
                let next = records[end]
                if next.line < last.line || (next.line == last.line && next.column < last.column) { return false }
            }
            return true
        }
    }

    public var count: Int { storage?.count ?? 0 }

    /// Calls `body` with the records, valid only during the call (read their texts with
    /// `withTexts(of:)`).
    @inlinable
    package func withRecordSpan<R>(_ body: (Span<FindingRecord>) throws -> R) rethrows -> R {
        // Borrowed where this value holds it, so the storage is not retained for the call.
        guard storage != nil else { return try body(Span()) }
        return try Borrowing.with(held: storage.unsafelyUnwrapped) { try $0.withRecords(body) }
    }

    /// Calls `body` with the UTF-8 of `record`'s code, message and pointer, valid only during
    /// the call. `record` must be one of these records (its block is looked up among theirs).
    @inlinable
    package func withTexts<R>(of record: FindingRecord,
                              _ body: (_ code: Span<UInt8>, _ message: Span<UInt8>, _ pointer: Span<UInt8>) throws -> R)
        rethrows -> R {
        guard let storage else { preconditionFailure("a record of no records") }
        let block = storage.withExtra { $0.block(record.block) }
        let start = Int(record.start)
        let messageStart = Int(record.messageStart) &- start
        let pointerStart = Int(record.pointerStart) &- start
        return try block.withBytes(from: start, to: Int(record.end)) { texts in
            try body(texts.extracting(0 ..< messageStart), texts.extracting(messageStart ..< pointerStart),
                     texts.extracting(pointerStart ..< texts.count))
        }
    }

    /// The record at `index` as a `Diagnostic`, which holds its block itself.
    public func diagnostic(at index: Int) -> Diagnostic {
        guard let storage else { preconditionFailure("no record \(index)") }
        let record = storage.withRecords { $0[index] }
        return Diagnostic(severity: record.severity, line: record.line, column: record.column,
                          shared: storage.withExtra { $0.block(record.block) }, start: Int(record.start),
                          messageStart: Int(record.messageStart), pointerStart: Int(record.pointerStart),
                          end: Int(record.end))
    }

    /// The records of `range` as `Diagnostic`s.
    func diagnostics(in range: Range<Int>) -> [Diagnostic] {
        range.map(diagnostic(at:))
    }

    /// Each message's findings as `Diagnostic`s (`messageCount` lists), the first from
    /// `start` (the records before it are about no message: the analyzer's own use).
    func messageLists(after start: Int) -> [[Diagnostic]] {
        var lists: [[Diagnostic]] = []
        lists.reserveCapacity(messageCount)
        var start = start
        for message in 0 ..< messageCount {
            let end = ends.isEmpty ? count : ends[message]
            lists.append(diagnostics(in: start ..< end))
            start = end
        }
        return lists
    }

    /// Sorts each message's records by position (line, then column), stably, in place:
    /// the records are plain values and this list is the analyzer's alone, so they are
    /// moved where they are. The messages' records start from `start`.
    func sortEachMessage(after start: Int) {
        // Borrowed where this value holds it (see `withRecordSpan`).
        guard storage != nil else { return }
        Borrowing.with(held: storage.unsafelyUnwrapped) { storage in
            var start = start
            for message in 0 ..< messageCount {
                let end = ends.isEmpty ? storage.count : ends[message]
                storage.sortStably(start ..< end) { $0.line < $1.line || ($0.line == $1.line && $0.column < $1.column) }
                start = end
            }
        }
    }
}

/// What the records' buffer keeps besides the records: the counts a renderer sizes its
/// output by, and the blocks the records' texts are in.
@usableFromInline
struct FindingRecordTotals {
    /// The records of each severity and their texts' bytes, counted as they are added.
    var errors = 0
    var warnings = 0
    var infos = 0
    var textBytes = 0
    /// The blocks, in the order the records first use them: `first` is block 0.
    var first: SharedDiagnosticText?
    var more: [SharedDiagnosticText] = []

    /// Counts `record` in.
    @inline(__always)
    mutating func count(_ record: FindingRecord) {
        switch record.severity {
        case .error: errors &+= 1
        case .warning: warnings &+= 1
        case .info: infos &+= 1
        }
        textBytes &+= record.textByteCount
    }

    /// Holds `block` as the next block; returns its index.
    mutating func hold(_ block: __owned SharedDiagnosticText) -> Int {
        if first == nil {
            first = block
            return 0
        }
        more.append(block)
        return more.count
    }

    /// The block `index` (see `FindingRecord.block`).
    @usableFromInline
    func block(_ index: UInt32) -> SharedDiagnosticText {
        guard index != 0 else {
            guard let first else { preconditionFailure("no block 0") }
            return first
        }
        return more[Int(index) - 1]
    }

    /// Empties the totals for a new list of records (`Report.startRecords`): every count
    /// back to zero and every block let go, except the first when it starts at `keeping`
    /// (the block the report goes on in), which stays held as block 0. Returns whether it did.
    /// Field by field, so the header is not destroyed and rebuilt whole; a field added
    /// here must be reset here too.
    mutating func empty(keeping address: TextBlockAddress?) -> Bool {
        errors = 0
        warnings = 0
        infos = 0
        textBytes = 0
        // Most lists had one block: `more` is then empty, and left as it is.
        if !more.isEmpty { more = [] }
        if let address, first?.starts(at: address) == true { return true }
        first = nil
        return false
    }
}

/// The records of `FindingRecords` and the blocks they are in, in one object. Records are
/// plain values: freeing the storage releases its blocks, once each, and nothing per record.
@usableFromInline
typealias FindingRecordStorage = RecordBuffer<FindingRecordTotals, FindingRecord>

extension RecordBuffer where Extra == FindingRecordTotals, Record == FindingRecord {
    /// Empty storage with room for `capacity` records.
    static func make(capacity: Int) -> FindingRecordStorage {
        make(capacity: capacity, extra: FindingRecordTotals())
    }

    /// A copy with room for twice as many records (the blocks moved over when `moving`,
    /// shared otherwise).
    func grown(moving: Bool) -> FindingRecordStorage {
        grown { totals in
            guard moving else { return totals }
            var moved = FindingRecordTotals(errors: totals.errors, warnings: totals.warnings, infos: totals.infos,
                                            textBytes: totals.textBytes)
            swap(&moved.first, &totals.first)
            swap(&moved.more, &totals.more)
            return moved
        }
    }

    /// Adds a record when there is room (and returns true); false when full.
    @inline(__always)
    func append(_ record: FindingRecord) -> Bool {
        append(record) { $0.count(record) }
    }

    /// Holds `block` as the next block; returns its index.
    func hold(_ block: __owned SharedDiagnosticText) -> Int {
        withExtra { $0.hold(block) }
    }
}
