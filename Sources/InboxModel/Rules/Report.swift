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
        didSet { texts.drop() } // the findings of a block share its source
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
    /// The block the next finding's texts go into, and how much of it is taken.
    private var texts = TextBlockAppender()
    /// Largest block a full one grows into (a single finding longer than it gets a block
    /// of its own size): the waste of a block left part-used stays bounded.
    static let maxGrownCapacity = 64 * 1024
    /// The current block's size, for tests of the bound.
    var blockCapacity: Int { texts.capacity }
    /// The thread's slot, for the analyzer's report (`init(threadReportOf:slot:)`): it is used
    /// on that thread alone, and kept in the slot between documents.
    private let threadSlot: HeldSlot?
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

    /// The records' storage as a report holds it (`FindingRecords`).
    private struct RecordList: @unchecked Sendable { // @unchecked: written by this report alone, read once handed on
        var storage: FindingRecordStorage?
    }

    /// A thread's slot as a report holds it.
    private struct HeldSlot: @unchecked Sendable { // @unchecked: used only by the thread whose slot it is
        let slot: ThreadSlot<ThreadFindingBuffers>
    }

    public init(source: String) {
        self.source = source
        threadSlot = nil
        recording = false
    }

    /// The analyzer's report of a thread (`slot` is the thread's): made once, kept in the
    /// slot (`ThreadFindingBuffers.report`) and used in place for each document (`start(source:)`).
    ///
    /// One report for the thread's documents, so none is made and destroyed per document.
    /// Its findings go on in the block the last document's left, when of the same source:
    /// documents share blocks that grow as they fill (up to `maxGrownCapacity`), and the
    /// bytes of earlier documents' findings never change, as within a document.
    ///
    /// Its findings are kept as records (`takeRecords`), which hold no block: the records
    /// taken hold each block once, so a finding costs no reference count.
    init(threadReportOf source: String, slot: ThreadSlot<ThreadFindingBuffers>) {
        self.source = source
        threadSlot = HeldSlot(slot: slot)
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
        guard let block = texts.shared, records.storage != nil else { return }
        // The list borrowed where the report holds it, not retained around the call.
        blockIndex = Borrowing.with(held: records.storage.unsafelyUnwrapped) { $0.hold(block) }
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
        // Moved out, not copied, so the list is not retained and released.
        var taken: [Diagnostic] = []
        swap(&taken, &diagnostics)
        restartOrder()
        if more, texts.shared != nil, texts.room >= 128 {
            diagnostics.reserveCapacity(Self.listRoom)
        } else {
            texts.drop()
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
    /// The list of the last document is kept (`spareRecords`), emptied and written again
    /// rather than freed and allocated anew; only when unique, so no records handed on can
    /// see it change. Its first block, when it is the block this report goes on in, stays held.
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
            texts.drop()
        }
        var kept: FindingRecordStorage?
        swap(&kept, &spareRecords.storage)
        guard isKnownUniquelyReferenced(&kept) else {
            kept = nil
            records.storage = FindingRecordStorage.make(capacity: Self.listRoom)
            recordBlock()
            return
        }
        let current = texts.shared == nil ? nil : texts.address
        let keepsFirst = Borrowing.with(held: kept.unsafelyUnwrapped) { storage in
            storage.removeAll { $0.empty(keeping: current) }
        }
        swap(&records.storage, &kept)
        if keepsFirst { blockIndex = 0 } else { recordBlock() }
    }

    /// The phrase is taken (`consuming`): once its bytes are copied, its buffer is kept
    /// for the thread's next phrase (`ThreadFindingBuffers`) rather than freed.
    public mutating func add(_ rule: RuleDescription, at value: JSONValue, _ message: consuming Phrase) {
        reserveOnFirst()
        // Most documents have no pointer prefix (an NDJSON line, a file of one payload): told
        // in place, so the prefix is not taken out (and retained) per finding.
        if value.withDocument({ $0.pointerPrefix.isEmpty }) {
            add(rule, at: value, message, prefix: Span())
        } else {
            addPrefixed(rule, at: value, message)
        }
        // The analyzer's report knows its thread's slot (a lookup spared per finding).
        message.recycle(in: threadSlot?.slot ?? ThreadFindingBuffers.slot)
    }

    /// `add` for a value of a document with a pointer prefix (a nested document's, a batch
    /// element's), out of line so that the usual finding's code stays small; the prefix is
    /// read in place.
    @inline(never)
    private mutating func addPrefixed(_ rule: RuleDescription, at value: JSONValue, _ message: Phrase) {
        value.withDocument { document in
            document.pointerPrefix.withUTF8Span { add(rule, at: value, message, prefix: $0) }
        }
    }

    /// `add` with the document's pointer prefix as bytes. The pointer is written backwards in
    /// one walk up the tape into the thread's scratch (`JSONValue.withPointerWrittenBackwards`),
    /// then copied after the prefix; a pointer too long for that, or under a member name with
    /// JSON escapes, `~` or `/`, takes the tape's general path.
    @inline(__always)
    private mutating func add(_ rule: RuleDescription, at value: JSONValue, _ message: Phrase, prefix: Span<UInt8>) {
        let position = value.position
        let slot = threadSlot?.slot ?? ThreadFindingBuffers.slot
        message.withUTF8Span { message in
            slot.withValue { buffers in
                value.withPointerWrittenBackwards(in: buffers.pointerScratch) { path in
                    let head = rule.codeWord
                    if let path, head.byteCount >= 0 {
                        // The usual finding: its texts appended in one call.
                        let count = head.byteCount + message.count + prefix.count + path.count
                        note(rule.severity, position.line, position.column, codeCount: head.byteCount,
                             messageCount: message.count, count: count)
                        _ = texts.append(word: head.word, count: head.byteCount, message, prefix, path)
                    } else if let path {
                        append(rule, message: message, pointerLength: prefix.count + path.count, line: position.line,
                               column: position.column) { out in
                            out.append(prefix)
                            out.append(path)
                        }
                    } else {
                        addByTape(rule, value: value, message: message, prefix: prefix, line: position.line,
                                  column: position.column)
                    }
                }
            }
        }
    }

    /// `add` with the pointer measured and written by the tape's two walks: a rare pointer,
    /// out of line so that the usual one's code stays small.
    @inline(never)
    private mutating func addByTape(_ rule: RuleDescription, value: JSONValue, message: Span<UInt8>,
                                    prefix: Span<UInt8>, line: Int, column: Int) {
        let pointerLength = prefix.count + value.pointerByteCount
        append(rule, message: message, pointerLength: pointerLength, line: line, column: column) { out in
            out.appendPointer(of: value, prefix: prefix, length: pointerLength)
        }
    }

    public mutating func add(_ rule: RuleDescription, issue: JSONIssue, _ message: Phrase? = nil) {
        let text = message ?? Phrase(issue.message)
        issue.pointer.withUTF8Span { pointer in
            text.withUTF8Span { message in
                append(rule, message: message, pointerLength: pointer.count, line: issue.position.line,
                       column: issue.position.column) { out in
                    out.append(pointer)
                }
            }
        }
    }

    /// For findings about a whole input with no value to point at (an empty file).
    public mutating func add(_ rule: RuleDescription, line: Int, _ message: Phrase) {
        message.withUTF8Span { message in
            append(rule, message: message, pointerLength: 0, line: line, column: 1) { _ in }
        }
    }

    /// Most messages that have a finding have a few: room for eight at the first one, rather
    /// than growing the array from one to two to four (a list that outgrows its room is a
    /// second allocation, and starts a new block for the texts, see `append`).
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
    /// The code is written from the rule's `codeWord` (its bytes as one word, no `String`
    /// read); a code longer than a word is read from its `String`.
    @inline(__always)
    private mutating func append(_ rule: RuleDescription, message: Span<UInt8>, pointerLength: Int,
                                 line: Int, column: Int, writePointer: (inout TextEntryWriter) -> Void) {
        let head = rule.codeWord
        let codeCount = head.byteCount >= 0 ? head.byteCount : Self.longCodeCount(of: rule)
        let count = codeCount + message.count + pointerLength
        note(rule.severity, line, column, codeCount: codeCount, messageCount: message.count, count: count)
        _ = texts.append(count: count) { out in
            if head.byteCount >= 0 {
                out.append(word: head.word, count: head.byteCount)
            } else {
                Self.appendLongCode(of: rule, to: &out)
            }
            out.append(message)
            writePointer(&out)
        }
    }

    /// Adds the finding whose texts (`count` bytes) go next into the block, as a record or a
    /// `Diagnostic`, noting whether it comes in position order; the caller then writes the texts.
    @inline(__always)
    private mutating func note(_ severity: Severity, _ line: Int, _ column: Int, codeCount: Int, messageCount: Int,
                               count: Int) {
        if line < lastLine || (line == lastLine && column < lastColumn) { inPositionOrder = false }
        lastLine = line
        lastColumn = column
        if recording {
            appendRecord(severity, line, column, codeCount: codeCount, messageCount: messageCount, count: count)
        } else {
            appendDiagnostic(severity, line, column, codeCount: codeCount, messageCount: messageCount, count: count)
        }
    }

    /// The bytes of a code longer than a word, read from its `String` out of line (so the
    /// usual finding's code never reads the `String`).
    @inline(never)
    private static func longCodeCount(of rule: RuleDescription) -> Int { rule.code.utf8.count }

    /// Appends a code longer than a word, from its `String` (see `longCodeCount`).
    @inline(never)
    private static func appendLongCode(of rule: RuleDescription, to out: inout TextEntryWriter) {
        rule.code.withUTF8Span { out.append($0) }
    }

    /// `append`'s adding of the finding to `diagnostics` (a report not recording: out of
    /// line, so that the analyzer's findings' code stays small).
    @inline(never)
    private mutating func appendDiagnostic(_ severity: Severity, _ line: Int, _ column: Int,
                                           codeCount: Int, messageCount: Int, count: Int) {
        if texts.shared == nil || texts.room < count {
            startBlock(count, growing: texts.shared != nil)
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
        if records.storage == nil || texts.shared == nil || texts.room < count
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
            if texts.shared == nil || texts.room < count { startBlock(count, growing: texts.shared != nil) }
        } else if !isKnownUniquelyReferenced(&records.storage) {
            records.storage = records.storage.unsafelyUnwrapped.grown(moving: false)
            startBlock(count, growing: false)
        } else {
            startBlock(count, growing: texts.shared != nil)
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
        let used = texts.used
        let messageStart = used + codeCount
        return FindingRecord(address: texts.address, line: line, column: column,
                             start: used, messageStart: messageStart, pointerStart: messageStart + messageCount,
                             end: used + count, block: blockIndex, severity: severity)
    }

    /// The finding whose texts go at `used` in the current block (`shared`, which is set).
    @inline(__always)
    private func finding(_ severity: Severity, _ line: Int, _ column: Int,
                         codeCount: Int, messageCount: Int, count: Int) -> Diagnostic {
        let used = texts.used
        let messageStart = used + codeCount
        return Diagnostic(severity: severity, line: line, column: column, shared: texts.shared.unsafelyUnwrapped,
                          start: used, messageStart: messageStart, pointerStart: messageStart + messageCount,
                          end: used + count)
    }

    /// Tells the storage of `diagnostics` apart (see `ArrayStorageIdentity`).
    private var storageAddress: ArrayStorageIdentity { ArrayStorageIdentity(of: diagnostics) }

    /// Starts a new block with room for `count` bytes, taken from now on.
    ///
    /// `growing`: the last block is full, so a long list of findings gets blocks twice as
    /// large, up to `maxGrownCapacity`. A block started because the list moved (it was
    /// copied, or it grew) may leave room unused in the last one, so it does not grow (else
    /// a document of many messages, each outgrowing its list, doubles it without bound).
    private mutating func startBlock(_ count: Int, growing: Bool) {
        // The first block holds a few messages' findings and, with its header, stays within
        // the sizes malloc serves from its per-thread cache.
        let grown = growing ? Swift.min(2 * texts.capacity, Self.maxGrownCapacity) : 0
        texts.start(source: source, capacity: Swift.max(count, grown, 960))
        if recording { recordBlock() }
    }
}
