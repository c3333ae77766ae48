import InboxCore

/// Collects the diagnostics that rules produce for one input. Diagnostics are built
/// from the value (or parser issue) they are about, so positions are never guessed.
///
/// Messages arrive as `Phrase`s: a rule's interpolated literal is built as bytes, and
/// those bytes are copied as they are, with the rule's code and the value's pointer
/// (written straight from the tape, no `String`), into a block the report's findings
/// share (`DiagnosticText`). No `String` is made for a finding unless a format asks.
public struct Report: Sendable {
    public var source: String {
        didSet { shared = nil } // the findings of a block share its source
    }
    public private(set) var diagnostics: [Diagnostic] = []
    /// Whether `diagnostics` came in position order (line, then column), as most lists do,
    /// with the position of the last one: told as each finding is added, so a list that
    /// is in order is not checked again (`takenInPositionOrder`).
    private var inPositionOrder = true
    private var lastLine = Int.min
    private var lastColumn = Int.min
    /// Whether the list last taken (`takeDiagnostics`, `takeRecords`) came in
    /// position order: the analyzer sorts only a list that did not.
    private(set) var takenInPositionOrder = true
    /// The block the next finding's texts go into; `used` of its `capacity` bytes are taken.
    private var shared: SharedDiagnosticText?
    private var used = 0
    private var capacity = 0
    /// Largest block a full one grows into (a single finding longer than it gets a block
    /// of its own size): the waste of a block left part-used stays bounded.
    static let maxGrownCapacity = 64 * 1024
    /// The current block's size, for tests of the bound.
    var blockCapacity: Int { shared == nil ? 0 : capacity }
    /// The thread's slot, for the analyzer's report (`init(threadReportOf:slot:)`): it is used
    /// on that thread alone, and kept in the slot between documents.
    private let threadSlot: ThreadSlot?
    /// Whether findings are kept as records (`FindingRecords`) rather than `diagnostics`:
    /// the analyzer's report (`init(threadReportOf:slot:)`).
    private let recording: Bool
    /// The records so far, and the blocks they are in, each held once (`FindingRecords`);
    /// made at the first finding.
    private var records = RecordList()
    /// The current block's index among the recorded blocks.
    private var blockIndex = -1
    /// The storage of the records last handed on (`takeRecords`), written again for the
    /// next document once nothing else holds it (`startRecords`).
    private var spareRecords = RecordList()
    /// Tells a copy of the analyzer's report: held by this report alone unless it was
    /// copied (see `startRecords`). Nil for other reports.
    private var identity: Identity?
    /// The fixes the checks proposed with their findings, when asked for (`Fixer`); nil
    /// otherwise, and then no check builds one.
    var proposedFixes: [ProposedFix]?

    /// An object whose references count the copies of a report.
    private final class Identity: Sendable {}

    /// The records' storage as a report holds it: written by this report alone, and only
    /// read once handed on (`FindingRecords`).
    private struct RecordList: @unchecked Sendable {
        var storage: FindingRecordStorage?
    }

    /// A slot pointer a report may hold: only the thread that looked it up uses it.
    private struct ThreadSlot: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<ThreadFindingBuffers>
    }

    public init(source: String) {
        self.source = source
        threadSlot = nil
        recording = false
    }

    /// The analyzer's report of a thread (`slot` is the thread's): made once, kept in the
    /// slot (`ThreadFindingBuffers.report`) and used in place for each document (`start(source:)`).
    ///
    /// One report for the thread's documents: made and destroyed for each, it was the
    /// retain and release of its source, a lookup of the thread's slot at the first
    /// finding and another at the end, and the destroy of all its fields (some 250
    /// instructions a document). Its findings go on in the block the last document's
    /// left, when of the same source: a block held a document's few findings (a few
    /// hundred bytes of 960) and was then freed with them; going on in it, documents share
    /// blocks that grow as they fill (up to `maxGrownCapacity`), so a block is allocated and
    /// freed for many documents rather than for each. The bytes of earlier documents'
    /// findings never change, as within a document.
    ///
    /// Its findings are kept as records (`takeRecords`), which hold no block: the records
    /// taken hold each block once, so a finding is no atomic retain and release.
    init(threadReportOf source: String, slot: UnsafeMutablePointer<ThreadFindingBuffers>) {
        self.source = source
        threadSlot = ThreadSlot(pointer: slot)
        recording = true
        identity = Identity()
    }

    /// Readies the analyzer's report for a document of `source`: the same `String` as the
    /// last document's, usually (a comparison of two words); another source starts a block
    /// of its own (`source`'s `didSet`).
    @inline(__always)
    mutating func start(source: String) {
        if self.source != source { self.source = source }
    }

    /// How many findings are recorded so far (recording mode).
    var recordedCount: Int { records.storage?.count ?? 0 }

    /// Whether the findings recorded since the last call came in position order; the next
    /// ones are checked on their own (recording mode: the analyzer calls it after each list).
    mutating func endRecordedList() -> Bool {
        restartOrder()
        return takenInPositionOrder
    }

    /// Hands the records on with the blocks they are in; the block stays the report's, for
    /// the next document to go on in. `ends`: see `FindingRecords.ends`.
    ///
    /// The storage is also kept (`spareRecords`): once the records are freed wherever they
    /// went, the next document's records are written into it again (`startRecords`) rather
    /// than into a list allocated and freed for every document.
    mutating func takeRecords(ends: [Int], messageCount: Int) -> FindingRecords {
        var taken: FindingRecordStorage?
        swap(&taken, &records.storage)
        // Only a report that took its spare storage (or had none) keeps this one: the
        // spare is empty then.
        if taken != nil, spareRecords.storage == nil { spareRecords.storage = taken }
        blockIndex = -1
        restartOrder()
        return FindingRecords(storage: taken, ends: ends, messageCount: messageCount)
    }

    /// Holds the current block among the recorded ones (recording mode), once: records
    /// written into it from now on name it by `blockIndex`.
    private mutating func recordBlock() {
        guard shared != nil, records.storage != nil else { return }
        // The list borrowed where the report holds it: taken out for the call, it was
        // retained and released around it.
        let block = shared.unsafelyUnwrapped
        blockIndex = Unmanaged.passUnretained(records.storage.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            $0.hold(block)
        }
    }

    /// Hands the findings so far on and starts an empty list, keeping the block: the next
    /// findings (the next message's, in the analyzer) go on into it rather than into a block
    /// of their own. Their bytes follow the ones handed on, which never change.
    ///
    /// When `more` findings may follow, the new list gets its storage at once while the
    /// block has room: the test in `append` tells a copied report by its list's storage, so
    /// a list with no storage yet could not tell two copies apart. Otherwise the next
    /// finding starts a new block.
    public mutating func takeDiagnostics(more: Bool = true) -> [Diagnostic] {
        // No findings: the list (and any storage it has) stays for the next ones.
        if diagnostics.isEmpty {
            takenInPositionOrder = true
            return []
        }
        // Moved out, not copied: a copy was a retain, and a release when the list was emptied.
        var taken: [Diagnostic] = []
        swap(&taken, &diagnostics)
        restartOrder()
        if more, shared != nil, capacity - used >= 128 {
            diagnostics.reserveCapacity(Self.listRoom)
        } else {
            shared = nil
        }
        return taken
    }

    /// Notes whether the list being taken came in position order, for a new list.
    @inline(__always)
    private mutating func restartOrder() {
        takenInPositionOrder = inPositionOrder
        inPositionOrder = true
        lastLine = .min
        lastColumn = .min
    }

    /// The first finding of a document (recording): a list for the records, the one the
    /// last document's were handed on in when nothing else holds it any more, and the
    /// block held among the records.
    ///
    /// The list of the last document was freed once its document was written (a `free`,
    /// and the release of its block), and a new one allocated for the next document with
    /// findings; kept instead (`spareRecords`), it is emptied and written again. Kept only
    /// when unique: the report's is then the only reference, so no records handed on can
    /// see it change. Its first block, when it is the block this report goes on in, stays
    /// held (no retain, no release).
    ///
    /// The report keeps its block between documents, so a copy made before a document's
    /// first finding holds the block and the bytes taken of it too: the first of the two to
    /// add a finding (its `identity` not unique) starts a block of its own, and the other
    /// then goes on in the block alone. (A copy made later is told by its records'
    /// storage, see `appendRecord`.)
    @inline(never)
    private mutating func startRecords() {
        if identity != nil, !isKnownUniquelyReferenced(&identity) {
            identity = Identity()
            shared = nil
        }
        var kept: FindingRecordStorage?
        swap(&kept, &spareRecords.storage)
        guard isKnownUniquelyReferenced(&kept) else {
            kept = nil
            records.storage = FindingRecordStorage.make(capacity: Self.listRoom)
            recordBlock()
            return
        }
        let keepsFirst = Unmanaged.passUnretained(kept.unsafelyUnwrapped)._withUnsafeGuaranteedRef { storage in
            storage.emptied(keepingFirstBlockAt: shared?.base)
        }
        swap(&records.storage, &kept)
        if keepsFirst { blockIndex = 0 } else { recordBlock() }
    }

    /// The phrase is taken (`consuming`): once its bytes are copied, its buffer is kept
    /// for the thread's next phrase (`ThreadFindingBuffers`) rather than freed.
    public mutating func add(_ rule: RuleDescription, at value: JSONValue, _ message: consuming Phrase) {
        reserveOnFirst()
        // Most documents have no pointer prefix (an NDJSON line, a file of one payload), and
        // that is told in place: taking the prefix out to read it was a retain and a release
        // per finding.
        if value.withDocument({ $0.pointerPrefix.isEmpty }) {
            add(rule, at: value, message, prefix: UnsafeBufferPointer(start: nil, count: 0))
        } else {
            addPrefixed(rule, at: value, message)
        }
        // The analyzer's report knows its thread's slot (a lookup spared per finding).
        message.recycle(in: threadSlot?.pointer ?? ThreadFindingBuffers.slot)
    }

    /// `add` for a value of a document with a pointer prefix (a nested document's, a batch
    /// element's), out of line so that the usual finding's code stays small; the prefix is
    /// read in place.
    @inline(never)
    private mutating func addPrefixed(_ rule: RuleDescription, at value: JSONValue, _ message: Phrase) {
        value.withDocument { document in
            document.pointerPrefix.withUTF8Bytes { add(rule, at: value, message, prefix: $0) }
        }
    }

    /// `add` with the document's pointer prefix as bytes. The pointer is written backwards
    /// in one walk up the tape into a buffer on the stack (`PointerPath`), then copied after
    /// the prefix; a pointer too long for the buffer, or under a member name with JSON
    /// escapes, `~` or `/`, takes the tape's general path.
    @inline(__always)
    private mutating func add(_ rule: RuleDescription, at value: JSONValue, _ message: Phrase,
                              prefix: UnsafeBufferPointer<UInt8>) {
        let position = value.position
        let nodes = value.nodes
        let bytes = value.inputBytes
        let index = value.index
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PointerPath.room) { scratch in
            message.withUTF8 { message in
                if let end = scratch.baseAddress.map({ $0 + scratch.count }),
                   let start = PointerPath.writeBackwards(of: index, nodes: nodes, bytes: bytes, endingAt: end,
                                                          room: scratch.count) {
                    let length = end - start
                    append(rule, message: message, pointerLength: prefix.count + length, line: position.line,
                           column: position.column) { out in
                        guard var at = out.baseAddress else { return }
                        if let prefixStart = prefix.baseAddress, prefix.count > 0 {
                            PointerPath.copy(prefixStart, to: at, count: prefix.count)
                            at += prefix.count
                        }
                        PointerPath.copy(start, to: at, count: length)
                    }
                } else {
                    addByTape(rule, index: index, message: message, prefix: prefix, nodes: nodes, bytes: bytes,
                              line: position.line, column: position.column)
                }
            }
        }
    }

    /// `add` with the pointer measured and written by the tape's two walks: a rare pointer,
    /// out of line so that the usual one's code stays small.
    @inline(never)
    private mutating func addByTape(_ rule: RuleDescription, index: Int, message: UnsafeBufferPointer<UInt8>,
                                    prefix: UnsafeBufferPointer<UInt8>, nodes: NodeBuffer,
                                    bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        let pointerLength = prefix.count + Tape.pointerLength(of: index, nodes: nodes, bytes: bytes)
        append(rule, message: message, pointerLength: pointerLength, line: line, column: column) { out in
            Tape.writePointer(of: index, length: pointerLength, prefix: prefix, into: out, nodes: nodes, bytes: bytes)
        }
    }

    public mutating func add(_ rule: RuleDescription, issue: JSONIssue, _ message: Phrase? = nil) {
        let text = message ?? Phrase(issue.message)
        var pointer = issue.pointer
        pointer.withUTF8 { pointer in
            text.withUTF8 { message in
                append(rule, message: message, pointerLength: pointer.count, line: issue.position.line,
                       column: issue.position.column) { out in
                    _ = out.initialize(from: pointer)
                }
            }
        }
    }

    /// For findings about a whole input with no value to point at (an empty file).
    public mutating func add(_ rule: RuleDescription, line: Int, _ message: Phrase) {
        message.withUTF8 { message in
            append(rule, message: message, pointerLength: 0, line: line, column: 1) { _ in }
        }
    }

    /// Most messages that have a finding have a few: room for eight at the first one,
    /// rather than growing the array from one to two to four. Eight, not four: a list that
    /// outgrows its room is a second allocation and a `free`, and starts a new block for
    /// the texts (see `append`); in the sample a message in seven with findings had five
    /// or more, one in two thousand more than eight. Eight findings take 608 bytes, still
    /// within the sizes malloc serves from its per-thread cache.
    private mutating func reserveOnFirst() {
        if recording { return } // the list is made by `appendRecord`
        if diagnostics.capacity == 0 { diagnostics.reserveCapacity(Self.listRoom) }
    }

    /// The room a list of findings gets at its first one.
    static let listRoom = 8

    /// Copies the code and the message into the block, has `writePointer` write the
    /// pointer (exactly `pointerLength` bytes) after them, and adds the finding.
    ///
    /// A report writes into its block only while it has not been copied: two copies would
    /// write the same bytes. Its `diagnostics` array tells: appending to an array shared
    /// with a copy moves the elements to storage of its own (and so does growing it), and
    /// then the finding's texts go into a new block instead.
    ///
    /// The code is written from the rule's `codeWord` (one store of its bytes as a word,
    /// no `String` read); a code longer than a word is read from its `String`.
    @inline(__always)
    private mutating func append(_ rule: RuleDescription, message: UnsafeBufferPointer<UInt8>, pointerLength: Int,
                                 line: Int, column: Int,
                                 writePointer: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        let head = rule.codeWord
        if head.byteCount >= 0 {
            append(severity: rule.severity, codeCount: head.byteCount, message: message, pointerLength: pointerLength,
                   line: line, column: column, writeCode: { base, room in
                       Self.writeCode(head.word, count: head.byteCount, to: base, room: room)
                   },
                   writePointer: writePointer)
        } else {
            rule.code.withUTF8Bytes { code in
                append(severity: rule.severity, codeCount: code.count, message: message, pointerLength: pointerLength,
                       line: line, column: column, writeCode: { base, _ in
                           if let codeBytes = code.baseAddress { PointerPath.copy(codeBytes, to: base, count: code.count) }
                       }, writePointer: writePointer)
            }
        }
    }

    /// Writes a code's bytes (`word`, `count` of them) at `base`, where `room` bytes are the
    /// finding's (at least `count`): one store of the whole word when they are eight or
    /// more (the bytes after the code are written over by the message and the pointer).
    @inline(__always)
    private static func writeCode(_ word: UInt64, count: Int, to base: UnsafeMutablePointer<UInt8>, room: Int) {
        if room >= 8 {
            UnsafeMutableRawPointer(base).storeBytes(of: word.littleEndian, as: UInt64.self)
        } else {
            var rest = word
            var index = 0
            while index < count {
                base[index] = UInt8(truncatingIfNeeded: rest)
                rest >>= 8
                index &+= 1
            }
        }
    }

    /// `append` with the code's size and a writer of its bytes (`writeCode` gets the first
    /// byte of the finding's texts and the bytes they take, which it may write beyond the
    /// code's: the message and the pointer are written after it).
    @inline(__always)
    private mutating func append(severity: Severity, codeCount: Int, message: UnsafeBufferPointer<UInt8>,
                                 pointerLength: Int, line: Int, column: Int,
                                 writeCode: (UnsafeMutablePointer<UInt8>, Int) -> Void,
                                 writePointer: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        let count = codeCount + message.count + pointerLength
        if line < lastLine || (line == lastLine && column < lastColumn) { inPositionOrder = false }
        lastLine = line
        lastColumn = column
        // The block is reached through `shared` each time rather than bound to a local:
        // a local was one more reference (an atomic retain and release) per finding.
        if recording {
            appendRecord(severity, line, column, codeCount: codeCount, messageCount: message.count, count: count)
        } else {
            appendDiagnostic(severity, line, column, codeCount: codeCount, messageCount: message.count, count: count)
        }
        let base = shared.unsafelyUnwrapped.base + used
        writeCode(base, count)
        if let messageBytes = message.baseAddress {
            (base + codeCount).initialize(from: messageBytes, count: message.count)
        }
        writePointer(UnsafeMutableBufferPointer(start: base + codeCount + message.count, count: pointerLength))
        used += count
    }

    /// `append`'s adding of the finding to `diagnostics` (a report not recording: out of
    /// line, so that the analyzer's findings' code stays small).
    @inline(never)
    private mutating func appendDiagnostic(_ severity: Severity, _ line: Int, _ column: Int,
                                           codeCount: Int, messageCount: Int, count: Int) {
        if shared == nil || capacity - used < count {
            startBlock(count, growing: shared != nil)
            diagnostics.append(finding(severity, line, column, codeCount: codeCount, messageCount: messageCount,
                                       count: count))
        } else {
            let before = storageAddress
            diagnostics.append(finding(severity, line, column, codeCount: codeCount, messageCount: messageCount,
                                       count: count))
            if storageAddress != before {
                startBlock(count, growing: false)
                diagnostics[diagnostics.count - 1] = finding(severity, line, column, codeCount: codeCount,
                                                             messageCount: messageCount, count: count)
            }
        }
    }

    /// `append`'s adding of the finding in recording mode: a record, no retain. A report
    /// copied (its list shared with the copy) goes on in a list and a block of its own.
    /// The usual finding (list made, unshared, with room; block with room) is a few tests
    /// and stores; the rest is out of line.
    @inline(__always)
    private mutating func appendRecord(_ severity: Severity, _ line: Int, _ column: Int,
                                       codeCount: Int, messageCount: Int, count: Int) {
        if records.storage == nil || shared == nil || capacity - used < count
            || !isKnownUniquelyReferenced(&records.storage) {
            prepareRecord(count)
        }
        let record = record(severity, line, column, codeCount: codeCount, messageCount: messageCount, count: count)
        if !records.storage.unsafelyUnwrapped.append(record) { appendGrowing(record) }
    }

    /// Readies the list and the block for a finding of `count` bytes of texts: the first
    /// finding (the list made, the thread's block taken), a copied report, a full block.
    @inline(never)
    private mutating func prepareRecord(_ count: Int) {
        if records.storage == nil {
            startRecords()
            if shared == nil || capacity - used < count { startBlock(count, growing: shared != nil) }
        } else if !isKnownUniquelyReferenced(&records.storage) {
            records.storage = records.storage.unsafelyUnwrapped.grown(moving: false)
            startBlock(count, growing: false)
        } else {
            startBlock(count, growing: shared != nil)
        }
    }

    /// Adds `record` to a full list, grown (a document of many findings).
    @inline(never)
    private mutating func appendGrowing(_ record: FindingRecord) {
        records.storage = records.storage.unsafelyUnwrapped.grown(moving: true)
        _ = records.storage.unsafelyUnwrapped.append(record)
    }

    /// The record whose texts go at `used` in the current block (`shared`, `blockIndex`).
    @inline(__always)
    private func record(_ severity: Severity, _ line: Int, _ column: Int,
                        codeCount: Int, messageCount: Int, count: Int) -> FindingRecord {
        let messageStart = used + codeCount
        return FindingRecord(base: UnsafePointer(shared.unsafelyUnwrapped.base), line: line, column: column,
                             start: used, messageStart: messageStart, pointerStart: messageStart + messageCount,
                             end: used + count, block: blockIndex, severity: severity)
    }

    /// The finding whose texts go at `used` in the current block (`shared`, which is set).
    @inline(__always)
    private func finding(_ severity: Severity, _ line: Int, _ column: Int,
                         codeCount: Int, messageCount: Int, count: Int) -> Diagnostic {
        let messageStart = used + codeCount
        return Diagnostic(severity: severity, line: line, column: column, shared: shared.unsafelyUnwrapped,
                          start: used, messageStart: messageStart, pointerStart: messageStart + messageCount,
                          end: used + count)
    }

    /// Where the elements of `diagnostics` are.
    private var storageAddress: UnsafePointer<Diagnostic>? {
        diagnostics.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// Starts a new block with room for `count` bytes, taken from now on.
    ///
    /// `growing`: the last block is full, so a long list of findings gets blocks twice as
    /// large, up to `maxGrownCapacity`. A block started because the list moved (it was
    /// copied, or it grew) may leave room unused in the last one, so it does not grow: a
    /// document of thousands of messages, each with more findings than its list had room
    /// for, once doubled the block at every message until it asked for 32 GB.
    private mutating func startBlock(_ count: Int, growing: Bool) {
        // A message's findings take a few hundred bytes (2.8 findings of about 150 in the
        // sample), so the first block holds a few messages' worth. 960 bytes keep the whole
        // object (header and source included) within the sizes malloc serves from its
        // per-thread cache (up to 1 KiB).
        let grown = growing ? Swift.min(2 * capacity, Self.maxGrownCapacity) : 0
        capacity = Swift.max(count, grown, 960)
        shared = SharedDiagnosticText(block: DiagnosticText.make(source: source, capacity: capacity))
        used = 0
        if recording { recordBlock() }
    }
}

extension FindingRecordStorage {
    /// Empties the storage for a new list of records (`Report.startRecords`): every count
    /// back to zero and every block let go, except the first when its bytes start at
    /// `firstBase` (the block the report goes on in), which stays held as block 0. Returns
    /// whether it did. Field by field: making the header anew destroyed and rebuilt it
    /// whole (an outlined destroy of each field) for about 120 instructions a document.
    /// A field added to `FindingRecordHeader` must be reset here too.
    func emptied(keepingFirstBlockAt firstBase: UnsafeMutablePointer<UInt8>?) -> Bool {
        withUnsafeMutablePointerToHeader { header in
            header.pointee.count = 0
            header.pointee.errors = 0
            header.pointee.warnings = 0
            header.pointee.infos = 0
            header.pointee.textBytes = 0
            // Most lists had one block: `more` is then empty, and left as it is.
            if !header.pointee.more.isEmpty { header.pointee.more = [] }
            if let firstBase, header.pointee.first?.base == firstBase { return true }
            header.pointee.first = nil
            return false
        }
    }
}
