/// Runs rules over inspected documents and attributes each diagnostic to the message it
/// is about, so `resolve` can show findings under their message and `validate` can count them.
public struct Analyzer: Sendable {
    public var rules: [any Rule] {
        didSet { checks = RuleChecks(rules) }
    }
    /// `rules`, prepared once for cheap calls: calling a rule through `any Rule` copies it
    /// out of its existential box every time, and `diagnose` calls every rule per message.
    private var checks: RuleChecks

    /// Whether each list of findings comes sorted by position (line, then column; stable),
    /// as `validate` shows them. Sorting here, while the lists are still owned by the
    /// analyzer alone, moves the findings in place; sorting a list handed on copies every
    /// finding (four strings each).
    public var ordersByPosition: Bool

    public init(rules: [any Rule] = RuleCatalogue.all, ordersByPosition: Bool = false) {
        self.rules = rules
        self.checks = RuleChecks(rules)
        self.ordersByPosition = ordersByPosition
    }

    /// The findings of one document: those about no particular message, and those of each
    /// message in document order (same count as `document.messages`).
    public func diagnose(_ document: InspectedDocument) -> DocumentDiagnostics {
        // One report for the whole document: each list of findings is taken from it in
        // turn, and the findings' texts share its blocks (one allocation for a document's
        // findings, not one per message).
        // The block goes on from the thread's last document (see the init), and so do the
        // lists (`ListReuse`).
        let slot = PhraseSpare.slot
        let lists = ListReuse(slot: slot)
        var perMessage: [[Diagnostic]] = []
        var first: [Diagnostic] = []
        lists.take(into: &perMessage, &first)
        var report = Report(continuingThreadBlockOf: document.source)
        report.takeStorage(of: &first, slot: slot)
        checks.check(document: document, into: &report)
        // The messages are read where the document holds them: binding the list retained
        // and released it for every document.
        let documentFindings = document.messages.isEmpty ? report.takeLastDiagnostics()
                                                         : report.takeDiagnostics(more: true)
        if document.messages.count == 1, perMessage.capacity == 0 {
            // The usual document, when no storage is left to reuse: its one list is made at
            // its size (an array literal); reserving room in an empty list went through the
            // generic regrowth path.
            checks.check(message: document.messages[0], into: &report)
            perMessage = [report.takeLastDiagnostics()]
        } else if document.messages.count == 1 {
            checks.check(message: document.messages[0], into: &report)
            perMessage.append(report.takeLastDiagnostics())
        } else {
            perMessage.reserveCapacity(document.messages.count)
            for index in document.messages.indices {
                checks.check(message: document.messages[index], into: &report)
                perMessage.append(index + 1 < document.messages.count ? report.takeDiagnostics(more: true)
                                                                      : report.takeLastDiagnostics())
            }
        }
        // Document-level findings inside a message (a duplicate key in a notification)
        // belong to that message.
        var unattributed: [Diagnostic] = []
        if !documentFindings.isEmpty {
            let owners = MessageOwners(document.messages)
            for diagnostic in documentFindings {
                if let index = owners.owner(of: diagnostic.pointer) {
                    perMessage[index].append(diagnostic)
                } else {
                    unattributed.append(diagnostic)
                }
            }
        }
        if ordersByPosition {
            // The report has handed every list on, so each is uniquely referenced.
            // Lists of one finding or none (most) are not passed to the sort at all.
            for index in perMessage.indices where perMessage[index].count > 1 {
                PositionOrder.sort(&perMessage[index])
            }
            if unattributed.count > 1 { PositionOrder.sort(&unattributed) }
        }
        lists.park(perMessage)
        return DocumentDiagnostics(document: unattributed, messages: perMessage)
    }
}

/// The storage of a thread's lists of findings, kept from one document to the next: a
/// document's lists were allocated (its list of lists, and the list of its first message),
/// handed on, and freed by the renderer, a `malloc` and a `free` each per document. The
/// thread's slot keeps a reference to the list of lists it last handed on (a retain); once
/// their taker drops them, the slot's is the only one, and the next document's lists are
/// written into the same storage, emptied in place. Lists still held elsewhere are let go
/// untouched (the next document's are new, as before).
struct ListReuse {
    private let slot: UnsafeMutablePointer<PhraseSpare>

    init(slot: UnsafeMutablePointer<PhraseSpare>) { self.slot = slot }

    /// Puts into `lists` and `first` (empty, with no storage) the last document's list of
    /// lists and its last list, emptied, when no one else holds them.
    ///
    /// Emptied one element at a time from the end: `removeAll(keepingCapacity:)` went
    /// through the generic `replaceSubrange` and `swift_arrayDestroy` (about 200
    /// instructions for a list of one or three); a `removeLast` is a few moves and the
    /// element's release. Lists their taker still holds (a command that keeps every
    /// document's findings) are let go, not emptied: emptying them copied them first, and
    /// a copy's room was only its count, so the next document's list grew.
    func take(into lists: inout [[Diagnostic]], _ first: inout [Diagnostic]) {
        guard Self.isUnique(&slot.pointee.lists) else {
            slot.pointee.lists = []
            return
        }
        swap(&lists, &slot.pointee.lists)
        guard !lists.isEmpty else { return }
        first = lists.removeLast()
        // Held by someone else still (a copy taken out of the list of lists): let go.
        guard Self.isUnique(&first) else {
            first = []
            return
        }
        while !lists.isEmpty { lists.removeLast() }
        while !first.isEmpty { first.removeLast() }
    }

    /// Whether `array`'s storage is held by `array` alone, read in place. Without
    /// Objective-C bridging an array is one native reference to its storage (checked by
    /// size here); elsewhere every array counts as shared, and nothing is reused.
    @inline(__always)
    static func isUnique<Element>(_ array: inout [Element]) -> Bool {
        #if canImport(ObjectiveC)
        return false
        #else
        guard MemoryLayout<[Element]>.size == MemoryLayout<AnyObject>.size else { return false }
        return withUnsafeMutablePointer(to: &array) { pointer in
            pointer.withMemoryRebound(to: AnyObject.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
        }
        #endif
    }

    /// Keeps `lists` for the next document on this thread.
    func park(_ lists: [[Diagnostic]]) {
        slot.pointee.lists = lists
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
public struct DocumentDiagnostics: Sendable {
    /// Findings about the document itself (syntax errors, empty input, unknown shapes).
    public var document: [Diagnostic]
    /// Findings of each message, parallel to `InspectedDocument.messages`.
    public var messages: [[Diagnostic]]

    public var all: [Diagnostic] { document + messages.flatMap { $0 } }
}
