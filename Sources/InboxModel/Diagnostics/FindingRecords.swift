/// A finding as the analyzer keeps it (`Report` in recording mode): plain values, its
/// texts in place in a block of findings' texts that the record does NOT hold.
///
/// A `Diagnostic` holds its block (so that any copy of it, anywhere, keeps its texts
/// alive): every finding was an atomic retain when it was made and an atomic release,
/// through the array's generic destroy of each element, when its list was freed. A
/// record holds the block's first byte only; the `FindingRecords` it is in owns the
/// blocks of all its records, once each. So a record is never used apart from its
/// `FindingRecords` (which only hands them out as a buffer valid while it is alive), and
/// the findings handed to other code are made as `Diagnostic`s (`diagnostic(at:)`).
public struct FindingRecord: @unchecked Sendable { // @unchecked: see `FindingRecords`
    /// The first byte of the block the texts are in (owned by the `FindingRecords`).
    @usableFromInline let base: UnsafePointer<UInt8>
    public let line: Int
    public let column: Int
    /// The code is `base[start ..< messageStart]`, then the message up to `pointerStart`,
    /// then the pointer up to `end` (a block is at most a finding's size or 64 KiB: the
    /// offsets fit 32 bits).
    @usableFromInline let start: UInt32
    @usableFromInline let messageStart: UInt32
    @usableFromInline let pointerStart: UInt32
    @usableFromInline let end: UInt32
    /// Which of the owning records' blocks (`FindingRecords.block(_:)`).
    let block: UInt32
    public let severity: Severity

    init(base: UnsafePointer<UInt8>, line: Int, column: Int, start: Int, messageStart: Int, pointerStart: Int,
         end: Int, block: Int, severity: Severity) {
        self.base = base
        self.line = line
        self.column = column
        self.start = UInt32(truncatingIfNeeded: start)
        self.messageStart = UInt32(truncatingIfNeeded: messageStart)
        self.pointerStart = UInt32(truncatingIfNeeded: pointerStart)
        self.end = UInt32(truncatingIfNeeded: end)
        self.block = UInt32(truncatingIfNeeded: block)
        self.severity = severity
    }

    /// The finding's parts, its texts in place: valid while the records it is in are alive.
    @inlinable @inline(__always)
    package var unsafeParts: Diagnostic.Parts {
        Diagnostic.Parts(code: UnsafeBufferPointer(start: base + Int(start), count: Int(messageStart &- start)),
                         message: UnsafeBufferPointer(start: base + Int(messageStart),
                                                      count: Int(pointerStart &- messageStart)),
                         pointer: UnsafeBufferPointer(start: base + Int(pointerStart), count: Int(end &- pointerStart)),
                         severity: severity, line: line, column: column)
    }

    /// UTF-8 bytes of the code, the message and the pointer together (for sizing output).
    @inlinable
    public var textByteCount: Int { Int(end &- start) }
}

/// The findings of one document as the analyzer records them: one list for all of them
/// (the messages' in turn; where each message's end is in `ends`), plain records, and the
/// blocks their texts are in, held once each (by the list) rather than once per finding.
/// One allocation for the list and its blocks' references (`FindingRecordStorage`), none
/// for a document without findings.
///
/// Every record's source is the document's (the analyzer's report only writes into blocks
/// of its source). The findings about no message are not kept here: a document with any
/// has its lists made as `Diagnostic`s (`DocumentDiagnostics`).
public struct FindingRecords: @unchecked Sendable {
    // @unchecked: the storage is written by the report that made it and only read after.
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
        guard let storage else { return Summary(inPositionOrder: inPositionOrder) }
        return storage.withUnsafeMutablePointerToHeader { header in
            Summary(errors: header.pointee.errors, warnings: header.pointee.warnings, infos: header.pointee.infos,
                    textBytes: header.pointee.textBytes, inPositionOrder: inPositionOrder)
        }
    }

    /// Whether each message's first record comes after the one before it (the messages'
    /// records in order each, the whole list is then in order).
    func messagesFollowInOrder() -> Bool {
        guard ends.count > 1 else { return true }
        return withRecords { records in
            for end in ends.dropLast() where end > 0 && end < records.count {
                let last = records[end - 1]
                let next = records[end]
                if next.line < last.line || (next.line == last.line && next.column < last.column) { return false }
            }
            return true
        }
    }

    public var count: Int { storage?.count ?? 0 }

    /// Calls `body` with the records, valid only during the call.
    @inlinable
    package func withRecords<R>(_ body: (UnsafeBufferPointer<FindingRecord>) throws -> R) rethrows -> R {
        guard storage != nil else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        // Borrowed where this value holds it: bound to a local, it was retained and released.
        return try Unmanaged.passUnretained(storage.unsafelyUnwrapped)._withUnsafeGuaranteedRef { storage in
            try storage.withUnsafeMutablePointers { header, elements in
                try body(UnsafeBufferPointer(start: elements, count: header.pointee.count))
            }
        }
    }

    /// The record at `index` as a `Diagnostic`, which holds its block itself.
    public func diagnostic(at index: Int) -> Diagnostic {
        withRecords { records in
            let record = records[index]
            return Diagnostic(severity: record.severity, line: record.line, column: record.column,
                              shared: storage.unsafelyUnwrapped.block(record.block), start: Int(record.start),
                              messageStart: Int(record.messageStart), pointerStart: Int(record.pointerStart),
                              end: Int(record.end))
        }
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
        guard storage != nil else { return }
        // Borrowed where this value holds it (see `withRecords`).
        Unmanaged.passUnretained(storage.unsafelyUnwrapped)._withUnsafeGuaranteedRef { storage in
            storage.withUnsafeMutablePointers { header, elements in
                var start = start
                for message in 0 ..< messageCount {
                    let end = ends.isEmpty ? header.pointee.count : ends[message]
                    Self.sort(UnsafeMutableBufferPointer(rebasing: UnsafeMutableBufferPointer(start: elements,
                                                                                             count: end)[start...]))
                    start = end
                }
            }
        }
    }

    /// A stable sort by position: insertion for the few findings of a message (mostly in
    /// order already), the general sort for long lists.
    private static func sort(_ records: UnsafeMutableBufferPointer<FindingRecord>) {
        guard records.count > 1 else { return }
        guard records.count <= 32 else {
            let sorted = records.enumerated().sorted {
                ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
            }
            for (index, pair) in sorted.enumerated() { records[index] = pair.element }
            return
        }
        for next in 1 ..< records.count {
            var index = next
            while index > 0, records[index].line < records[index - 1].line
                || (records[index].line == records[index - 1].line && records[index].column < records[index - 1].column) {
                records.swapAt(index, index - 1)
                index -= 1
            }
        }
    }
}

/// What `FindingRecordStorage` keeps besides the records.
@usableFromInline
struct FindingRecordHeader {
    @usableFromInline var count = 0
    let capacity: Int
    /// The records of each severity and their texts' bytes, counted as they are added.
    var errors = 0
    var warnings = 0
    var infos = 0
    var textBytes = 0
    /// The blocks, in the order the records first use them: `first` is block 0.
    var first: SharedDiagnosticText?
    var more: [SharedDiagnosticText] = []

    init(capacity: Int) { self.capacity = capacity }
}

/// The records of `FindingRecords` and the blocks they are in, in one object. Records are
/// plain values: freeing the storage releases its blocks, once each, and nothing per record.
@usableFromInline
final class FindingRecordStorage: ManagedBuffer<FindingRecordHeader, FindingRecord> {
    // Not `Sendable` itself (a `ManagedBuffer` cannot be): held through `FindingRecords`
    // and `Report`'s list, written by one report, then only read.

    /// Empty storage with room for `capacity` records.
    static func make(capacity: Int) -> FindingRecordStorage {
        let storage = create(minimumCapacity: capacity) { _ in FindingRecordHeader(capacity: capacity) }
        return unsafeDowncast(storage, to: FindingRecordStorage.self)
    }

    /// A copy with room for twice as many records (the blocks moved over when `moving`,
    /// shared otherwise).
    func grown(moving: Bool) -> FindingRecordStorage {
        withUnsafeMutablePointers { header, elements in
            let count = header.pointee.count
            let grown = FindingRecordStorage.make(capacity: Swift.max(2 * header.pointee.capacity, 8))
            grown.withUnsafeMutablePointers { newHeader, newElements in
                newElements.initialize(from: elements, count: count)
                newHeader.pointee.count = count
                newHeader.pointee.errors = header.pointee.errors
                newHeader.pointee.warnings = header.pointee.warnings
                newHeader.pointee.infos = header.pointee.infos
                newHeader.pointee.textBytes = header.pointee.textBytes
                if moving {
                    swap(&newHeader.pointee.first, &header.pointee.first)
                    swap(&newHeader.pointee.more, &header.pointee.more)
                } else {
                    newHeader.pointee.first = header.pointee.first
                    newHeader.pointee.more = header.pointee.more
                }
            }
            return grown
        }
    }

    /// Adds a record when there is room (and returns true); false when full. Through the
    /// pointers: the `header` property is a class property, checked for exclusive access
    /// at run time (a call into the runtime) at every use.
    @inline(__always)
    func append(_ record: FindingRecord) -> Bool {
        withUnsafeMutablePointers { header, elements in
            let count = header.pointee.count
            guard count < header.pointee.capacity else { return false }
            (elements + count).initialize(to: record)
            header.pointee.count = count &+ 1
            switch record.severity {
            case .error: header.pointee.errors &+= 1
            case .warning: header.pointee.warnings &+= 1
            case .info: header.pointee.infos &+= 1
            }
            header.pointee.textBytes &+= record.textByteCount
            return true
        }
    }

    /// How many records there are.
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

    /// Holds `block` as the next block; returns its index.
    func hold(_ block: __owned SharedDiagnosticText) -> Int {
        withUnsafeMutablePointerToHeader { header in
            if header.pointee.first == nil {
                header.pointee.first = block
                return 0
            }
            header.pointee.more.append(block)
            return header.pointee.more.count
        }
    }

    /// The block `index` (see `FindingRecord.block`).
    func block(_ index: UInt32) -> SharedDiagnosticText {
        withUnsafeMutablePointerToHeader { header in
            index == 0 ? header.pointee.first.unsafelyUnwrapped : header.pointee.more[Int(index) - 1]
        }
    }
}
