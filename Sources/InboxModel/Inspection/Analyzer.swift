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
        // The block goes on from the thread's last document (see the init).
        var report = Report(continuingThreadBlockOf: document.source)
        checks.check(document: document, into: &report)
        // The messages are read where the document holds them: binding the list retained
        // and released it for every document.
        let documentFindings = document.messages.isEmpty ? report.takeLastDiagnostics()
                                                         : report.takeDiagnostics(more: true)
        var perMessage: [[Diagnostic]]
        // Whether the one message's findings came in position order (the report tells as it
        // adds them); a document of several messages has each of its lists checked.
        var onlyListInOrder = false
        if document.messages.count == 1 {
            // The usual document: its one list is made at its size (an array literal);
            // reserving room in an empty list went through the generic regrowth path.
            // Borrowed where the document holds it: taken from the list, the message was
            // retained (atomically) for the checks and released after them.
            Unmanaged.passUnretained(document.messages[0])._withUnsafeGuaranteedRef {
                checks.check(message: $0, into: &report)
            }
            perMessage = [report.takeLastDiagnostics()]
            onlyListInOrder = report.takenInPositionOrder
        } else {
            perMessage = []
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
                    onlyListInOrder = false
                } else {
                    unattributed.append(diagnostic)
                }
            }
        }
        if ordersByPosition {
            // The report has handed every list on, so each is uniquely referenced.
            // Lists of one finding or none, and a lone list that came in order (most), are
            // not passed to the sort at all.
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
public struct DocumentDiagnostics: Sendable {
    /// Findings about the document itself (syntax errors, empty input, unknown shapes).
    public var document: [Diagnostic]
    /// Findings of each message, parallel to `InspectedDocument.messages`.
    public var messages: [[Diagnostic]]

    public var all: [Diagnostic] { document + messages.flatMap { $0 } }
}
