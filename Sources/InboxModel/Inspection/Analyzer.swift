import InboxCore

/// Runs rules over inspected documents and attributes each diagnostic to the message it
/// is about, so `resolve` can show findings under their message and `validate` can count them.
public struct Analyzer: Sendable {
    public var rules: [any Rule] {
        didSet { checks = RuleChecks(rules) }
    }
    /// `rules`, prepared once so that `diagnose`, which calls every rule per message, does
    /// not open each rule's existential box on every call.
    private var checks: RuleChecks

    /// Whether each list of findings comes sorted by position (line, then column; stable),
    /// as `validate` shows them. Sorted here, while the analyzer alone owns the lists, so
    /// the findings move in place.
    public var ordersByPosition: Bool

    public init(rules: [any Rule] = RuleCatalogue.all, ordersByPosition: Bool = false) {
        self.rules = rules
        self.checks = RuleChecks(rules)
        self.ordersByPosition = ordersByPosition
    }

    /// The findings of one document: those about no particular message, and those of each
    /// message in document order (same count as `document.messages`).
    ///
    /// The report records the findings (`FindingRecords`): one list for the whole document,
    /// plain records that hold no block, the blocks held once by the list. The usual
    /// document (no finding about the document itself, each message's findings in position
    /// order) is handed on so; `DocumentDiagnostics` makes `Diagnostic`s of them only when
    /// asked for lists (`messages`), and `validate --format json` writes them from the
    /// records. Otherwise the lists are made, attributed and sorted here.
    public func diagnose(_ document: InspectedDocument) -> DocumentDiagnostics {
        // One report for the whole document, its findings' texts in shared blocks: the
        // thread's, or when that is in use one that goes on in its last block (see
        // `Report.init(threadReportOf:slot:)`).
        let slot = ThreadFindingBuffers.slot
        guard !slot.withValue({ $0.reportInUse }) else {
            var report = Report(threadReportOf: document.source, slot: slot)
            return diagnose(document, with: &report)
        }
        slot.withValue { $0.reportInUse = true }
        defer { slot.withValue { $0.reportInUse = false } }
        return ThreadFindingBuffers.reports.slot.withValue { report in
            report.start(source: document.source)
            return diagnose(document, with: &report)
        }
    }

    /// `diagnose` with the report its findings go into (emptied again when it returns).
    private func diagnose(_ document: InspectedDocument, with report: inout Report) -> DocumentDiagnostics {
        checks.check(document: document, into: &report)
        let documentEnd = report.recordedCount
        _ = report.endRecordedList()
        // The messages are read where the document holds them, not bound to a local,
        // so the list is not retained per document.
        let messageCount = document.messages.count
        // Whether every message's findings came in position order (the report tells as it
        // adds them).
        var listsInOrder = true
        var ends: [Int] = []
        if messageCount == 1 {
            // Borrowed where the document holds it, so the checks do not retain the message.
            Borrowing.with(held: document.messages[0]) { checks.check(message: $0, into: &report) }
            listsInOrder = report.endRecordedList()
        } else if messageCount > 1 {
            ends.reserveCapacity(messageCount)
            for index in document.messages.indices {
                checks.check(message: document.messages[index], into: &report)
                listsInOrder = report.endRecordedList() && listsInOrder
                ends.append(report.recordedCount)
            }
        }
        let records = report.takeRecords(ends: ends, messageCount: messageCount)
        guard documentEnd == 0 else {
            return listed(records, documentEnd: documentEnd, document: document,
                          onlyListInOrder: messageCount == 1 && listsInOrder)
        }
        // Each message's records sorted where they are (plain values, moved in place),
        // through a constant so the calls do not retain the storage.
        if ordersByPosition, !listsInOrder { records.sortEachMessage(after: 0) }
        let inPositionOrder = (ordersByPosition || listsInOrder)
            && (messageCount < 2 || records.messagesFollowInOrder())
        return DocumentDiagnostics(records: records, inPositionOrder: inPositionOrder)
    }

    /// The findings as lists of `Diagnostic`s, the document's own ones attributed to the
    /// message they are in, and sorted when asked (`ordersByPosition`).
    /// `onlyListInOrder`: the document has one message, whose findings came in order.
    private func listed(_ records: FindingRecords, documentEnd: Int, document: InspectedDocument,
                        onlyListInOrder: Bool) -> DocumentDiagnostics {
        let documentFindings = records.diagnostics(in: 0 ..< documentEnd)
        var perMessage = records.messageLists(after: documentEnd)
        var onlyListInOrder = onlyListInOrder
        // Document-level findings inside a message (a duplicate key in a notification)
        // belong to that message.
        var unattributed: [Diagnostic] = []
        if !documentFindings.isEmpty {
            let owners = MessageOwners(document.messages)
            for diagnostic in documentFindings {
                if let index = owners.owner(of: diagnostic.pointer) {
                    perMessage[index].append(diagnostic)
                    onlyListInOrder = false
                } else {
                    unattributed.append(diagnostic)
                }
            }
        }
        if ordersByPosition {
            // Lists of one finding or none, and a lone list that came in order, are not
            // passed to the sort at all.
            if !onlyListInOrder {
                for index in perMessage.indices where perMessage[index].count > 1 {
                    PositionOrder.sort(&perMessage[index])
                }
            }
            if unattributed.count > 1 { PositionOrder.sort(&unattributed) }
        }
        return DocumentDiagnostics(document: unattributed, messages: perMessage)
    }
}

/// Which message a pointer lies in: the message whose pointer is the longest prefix of it.
/// Each message's pointer is built once, and a pointer is matched by walking up its own
/// tokens, so a batch of many messages with many findings stays linear.
struct MessageOwners {
    private var indexByPointer: [String: Int] = [:]

    init(_ messages: InspectedMessages) {
        for (index, message) in messages.enumerated() { indexByPointer[message.message.pointer] = index }
    }

    func owner(of pointer: String) -> Int? {
        var candidate = Substring(pointer)
        while true {
            if let index = indexByPointer[String(candidate)] { return index }
            guard let slash = candidate.lastIndex(of: "/") else { return nil }
            candidate = candidate[..<slash]
        }
    }
}

/// Diagnostics of one document, split by what they are about.
///
/// The analyzer's usual document keeps its findings as records (`records`), one list for
/// all its messages that holds each block of texts once; `messages` makes the lists of
/// `Diagnostic`s from them when asked (each `Diagnostic` then holds its block itself), and
/// setting either list turns the records into lists for good.
public struct DocumentDiagnostics: Sendable {
    private var ownList: [Diagnostic]
    private var messageList: [[Diagnostic]]
    /// The findings of every message as the analyzer recorded them, when it handed them on
    /// so (no finding about the document itself, each message's in position order when the
    /// analyzer sorts); nil once lists are set, or when made from lists.
    public private(set) var records: FindingRecords?

    public init(document: [Diagnostic], messages: [[Diagnostic]]) {
        ownList = document
        messageList = messages
        records = nil
    }

    init(records: __owned FindingRecords, inPositionOrder: Bool) {
        ownList = []
        messageList = []
        self.records = records
        self.records?.inPositionOrder = inPositionOrder
    }

    /// Findings about the document itself (syntax errors, empty input, unknown shapes).
    public var document: [Diagnostic] {
        get { ownList }
        set {
            listRecords()
            ownList = newValue
        }
    }

    /// Findings of each message, parallel to `InspectedDocument.messages`.
    public var messages: [[Diagnostic]] {
        get { records?.messageLists(after: 0) ?? messageList }
        set {
            records = nil
            messageList = newValue
        }
    }

    public var all: [Diagnostic] { document + messages.flatMap { $0 } }

    /// Calls `body` with the records in place when the findings are kept as records (see
    /// `records`), valid only during the call; nil otherwise. Read where they are, so the
    /// list and its blocks are not retained.
    @inlinable
    package func withRecordSpan<R>(_ body: (Span<FindingRecord>) throws -> R) rethrows -> R? {
        // Through the optional, in place: `unsafelyUnwrapped` would retain them.
        try records?.withRecordSpan(body)
    }

    /// Calls `body` with the UTF-8 of `record`'s code, message and pointer (`record` one of
    /// the records `withRecordSpan` gives), valid only during the call.
    @inlinable
    package func withTexts<R>(of record: FindingRecord,
                              _ body: (_ code: Span<UInt8>, _ message: Span<UInt8>, _ pointer: Span<UInt8>) throws -> R)
        rethrows -> R {
        guard let texts = try records?.withTexts(of: record, body) else {
            preconditionFailure("a record of no records")
        }
        return texts
    }

    /// The records' summary (`FindingRecords.summary`) when the findings are kept as records.
    public var recordSummary: FindingRecords.Summary? { records?.summary }

    /// Turns the records (if any) into the messages' lists.
    private mutating func listRecords() {
        guard let records else { return }
        messageList = records.messageLists(after: 0)
        self.records = nil
    }
}
