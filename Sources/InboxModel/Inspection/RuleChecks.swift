import InboxCore

/// The checks of the rules, prepared once for cheap calls (see `Analyzer.checks`).
///
/// Each check a rule has (`DocumentRule`, `MessageRule`, `StoryRule`) is a closure over the
/// rule in a class instance (`RuleCheckRegistry`), so a call borrows the rule where it is
/// stored instead of opening an `any Rule` box. Only the checks a rule has are listed, so
/// a document is not offered to the rules that ignore documents, and story checks are
/// called only for story messages: the one place that decides this is
/// `check(message:into:)`. Within each list the rules keep their catalogue order, and so
/// do the findings.
///
/// A class, so the copy of an analyzer each document makes retains one reference rather
/// than nine lists.
final class RuleChecks: Sendable {
    /// Lent without reference counting (`BorrowingObjectList`): the loops call every check
    /// for every message, and counting references per call would cost as much as many of
    /// the checks.
    private let documentChecks: BorrowingObjectList<DocumentCheck>
    /// For each value of a document's facts (`DocumentFacts`), the document checks it is
    /// offered, check `i` as bit `i`: one load per document. Empty for more than 64
    /// document checks, which `documentNeeds` then chooses.
    private let documentChosen: [UInt64]
    /// The facts each of `documentChecks` needs (none when not filtered).
    private let documentNeeds: [UInt8]
    /// The message checks, in catalogue order; check `i` is bit `i % 64` of word `i / 64`
    /// of the masks below.
    private let messageChecks: BorrowingObjectList<MessageCheck>
    /// The checks a message that is not a story is offered are those whose needed facts
    /// all hold (`MessageFacts`). Told apart by masks, one bit per check, so choosing them
    /// costs a few loads per message whatever the number of facts, and the loop calls
    /// only the checks chosen. For each byte `k` of the facts and each value `v` of it,
    /// `skipped[(k * 256 + v) * words + w]` has the checks (word `w`) that need a fact of
    /// byte `k` missing from `v`.
    private let skipped: [UInt64]
    /// The bits of the existing checks, per word (the last word may be partial).
    private let present: [UInt64]
    /// Words per mask: one for up to 64 message checks (the catalogue has fewer).
    private let words: Int
    /// The message and story checks, interleaved in catalogue order, for a story message.
    private let storyMessageChecks: BorrowingObjectList<StoryMessageCheck>
    /// The facts each of `storyMessageChecks` needs (a story check needs none): a test
    /// per check, as story messages are few.
    private let storyNeeds: [UInt64]

    /// - Parameter filtered: whether a message is offered only to the rules whose needed
    ///   facts it has (false offers every message to every rule, for the tests that
    ///   compare the two).
    init(_ rules: [any Rule], filtered: Bool = true) {
        var registry = RuleCheckRegistry()
        for rule in rules { rule.register(in: &registry) }
        documentChecks = registry.documentChecks
        let documentNeeds = registry.documentNeeds.map { filtered ? $0.rawValue : 0 }
        self.documentNeeds = documentNeeds
        documentChosen = documentNeeds.count > 64 ? [] : (0 ... 255).map { facts in
            documentNeeds.indices.reduce(UInt64(0)) { chosen, index in
                documentNeeds[index] & ~UInt8(facts) == 0 ? chosen | 1 << UInt64(index) : chosen
            }
        }
        storyMessageChecks = registry.storyMessageChecks
        storyNeeds = registry.storyNeeds.map { filtered ? $0.rawValue : 0 }
        messageChecks = registry.messageChecks
        let count = registry.messageChecks.count
        let words = max(1, (count + 63) / 64)
        self.words = words
        present = (0 ..< words).map { word in
            let bits = min(64, max(0, count - word * 64))
            return bits == 64 ? ~0 : (1 << UInt64(bits)) - 1
        }
        // The checks needing each fact, then for each byte of the facts the checks needing
        // one of its facts that a value lacks: built from the value with one more fact.
        var needing = [UInt64](repeating: 0, count: MessageFacts.bitCount * words)
        if filtered {
            for (index, needs) in registry.messageNeeds.enumerated() {
                var facts = needs.rawValue
                while facts != 0 {
                    let fact = facts.trailingZeroBitCount
                    facts &= facts &- 1
                    needing[fact * words + index / 64] |= 1 << UInt64(index % 64)
                }
            }
        }
        var skipped = [UInt64](repeating: 0, count: MessageFacts.bitCount / 8 * 256 * words)
        for byte in 0 ..< MessageFacts.bitCount / 8 {
            // A byte of facts no check needs skips nothing (its rows stay zero).
            guard needing[byte * 8 * words ..< (byte + 1) * 8 * words].contains(where: { $0 != 0 }) else { continue }
            for value in (0 ..< 255).reversed() {
                let fact = (~value & 0xFF).trailingZeroBitCount
                let withFact = value | 1 << fact
                for word in 0 ..< words {
                    skipped[(byte * 256 + value) * words + word] =
                        skipped[(byte * 256 + withFact) * words + word] | needing[(byte * 8 + fact) * words + word]
                }
            }
        }
        self.skipped = skipped
    }

    func check(document: InspectedDocument, into report: inout Report) {
        let facts = DocumentFacts.of(document).rawValue
        guard !documentChosen.isEmpty else {
            for index in documentChecks.indices where documentNeeds[index] & ~facts == 0 {
                documentChecks.with(index) { $0.call(document, &report) }
            }
            return
        }
        var chosen = documentChosen[Int(facts)]
        while chosen != 0 {
            let index = chosen.trailingZeroBitCount
            chosen &= chosen &- 1
            documentChecks.with(index) { $0.call(document, &report) }
        }
    }

    func check(message: InspectedMessage, into report: inout Report) {
        // Asked through one stored field first: binding `message.story` copies the whole
        // story, and almost no message is one.
        if message.story?.carriesCategory != nil, let story = message.story {
            let facts = MessageFacts.of(message).rawValue
            for index in storyMessageChecks.indices where storyNeeds[index] & ~facts == 0 {
                storyMessageChecks.with(index) { $0.call(message, story, &report) }
            }
        } else {
            // Indexed directly: reading the lists through a buffer would retain both per message.
            let facts = MessageFacts.of(message).rawValue
            // One load per byte of the facts (eight), spelled out so no loop is left.
            let byte = { (index: UInt64) in Int(truncatingIfNeeded: facts >> (8 * index)) & 0xFF }
            for word in 0 ..< words {
                var chosen = present[word]
                    & ~(skipped[byte(0) * words + word]
                        | skipped[(256 + byte(1)) * words + word]
                        | skipped[(512 + byte(2)) * words + word]
                        | skipped[(768 + byte(3)) * words + word]
                        | skipped[(1024 + byte(4)) * words + word]
                        | skipped[(1280 + byte(5)) * words + word]
                        | skipped[(1536 + byte(6)) * words + word]
                        | skipped[(1792 + byte(7)) * words + word])
                while chosen != 0 {
                    let index = word * 64 + chosen.trailingZeroBitCount
                    chosen &= chosen &- 1
                    messageChecks.with(index) { $0.call(message, &report) }
                }
            }
        }
    }
}

/// Where rules put their checks (`Rule.register(in:)`), in catalogue order.
///
/// Each check is a closure over the rule, held by a small non-generic box (a generic box
/// per rule type would have its class metadata built at start-up), next to the facts the
/// rule needs (`MessageRule.needs`, `DocumentRule.documentNeeds`).
///
/// The `add` methods are not specialised: a specialised copy could name a type of the
/// rule by mangled name, which the runtime resolves by searching every conformance of
/// the program at start-up. Unspecialised, the witness table is passed in.
public struct RuleCheckRegistry {
    private(set) var documentChecks = BorrowingObjectList<DocumentCheck>()
    /// The facts each of `documentChecks` needs.
    private(set) var documentNeeds: [DocumentFacts] = []
    private(set) var messageChecks = BorrowingObjectList<MessageCheck>()
    /// The facts each of `messageChecks` needs.
    private(set) var messageNeeds: [MessageFacts] = []
    private(set) var storyMessageChecks = BorrowingObjectList<StoryMessageCheck>()
    /// The facts each of `storyMessageChecks` needs.
    private(set) var storyNeeds: [MessageFacts] = []

    init() {}

    public mutating func add<R: DocumentRule>(document rule: R) {
        documentChecks.append(DocumentCheck { rule.check(document: $0, into: &$1) })
        documentNeeds.append(R.documentNeeds)
    }

    public mutating func add<R: MessageRule>(message rule: R) {
        messageChecks.append(MessageCheck { rule.check(message: $0, into: &$1) })
        messageNeeds.append(R.needs)
        // A story message is offered to every message check too; it ignores the story.
        storyMessageChecks.append(StoryMessageCheck { message, _, report in
            rule.check(message: message, into: &report)
        })
        storyNeeds.append(R.needs)
    }

    public mutating func add<R: StoryRule>(story rule: R) {
        storyMessageChecks.append(StoryMessageCheck { rule.check(message: $0, story: $1, into: &$2) })
        storyNeeds.append([])
    }

}

/// A document check.
final class DocumentCheck: @unchecked Sendable { // @unchecked: immutable; its closure only reads its rule
    let call: (InspectedDocument, inout Report) -> Void

    init(_ call: @escaping (InspectedDocument, inout Report) -> Void) { self.call = call }
}

/// A message check.
final class MessageCheck: @unchecked Sendable { // @unchecked: immutable; its closure only reads its rule
    let call: (InspectedMessage, inout Report) -> Void

    init(_ call: @escaping (InspectedMessage, inout Report) -> Void) { self.call = call }
}

/// A check of a story message: story rules get the story, message rules ignore it.
final class StoryMessageCheck: @unchecked Sendable { // @unchecked: immutable; its closure only reads its rule
    let call: (InspectedMessage, Story, inout Report) -> Void

    init(_ call: @escaping (InspectedMessage, Story, inout Report) -> Void) { self.call = call }
}
