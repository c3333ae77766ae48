/// The checks of the rules, prepared once for cheap calls (see `Analyzer.checks`).
///
/// Each check a rule has (`DocumentRule`, `MessageRule`, `StoryRule`) is wrapped in a class
/// instance: a call through a class reference borrows the rule where it is stored, where a
/// call on an `any Rule` value first copies it out of its existential box. Only the checks
/// a rule has are listed, so a document is not offered to 57 rules that ignore documents,
/// and story checks are called only for story messages: the one place that decides this
/// is `check(message:into:)`. Within each list the rules keep their catalogue order, so
/// findings come out in the order they always had.
struct RuleChecks: Sendable {
    /// Owns the boxes.
    private let boxes: [AnyRuleBox]
    /// The boxes without reference counting, kept alive by `boxes`: the loops call every
    /// check for every message, and retaining and releasing each box per call would cost
    /// as much as many of the checks themselves.
    private let documentChecks: [Unmanaged<AnyRuleBox>]
    /// The message checks for a message that is not a story, one run of them for each set
    /// of scopes a message can be in (`MessageScope`, the run of raw value `n` at
    /// `scopedRanges[n]`), each in catalogue order: a message is offered only to the rules
    /// whose scope it is in, and the run is chosen once per message (a test per rule cost
    /// about as much as the calls it spared). One flat list, so no inner list is retained.
    private let scopedChecks: [Unmanaged<AnyRuleBox>]
    private let scopedRanges: [Range<Int>]
    /// The message and story checks, interleaved in catalogue order, for a story message.
    private let storyMessageChecks: [Unmanaged<AnyRuleBox>]

    /// - Parameter scoped: whether a message is offered only to the rules whose scope it is
    ///   in (false offers every message to every rule, for the tests that compare the two).
    init(_ rules: [any Rule], scoped: Bool = true) {
        var registry = RuleCheckRegistry()
        for rule in rules { rule.register(in: &registry) }
        boxes = registry.boxes
        documentChecks = registry.documentChecks
        storyMessageChecks = registry.storyMessageChecks
        var checks: [Unmanaged<AnyRuleBox>] = []
        var ranges: [Range<Int>] = []
        for raw in 0 ..< MessageScope.combinations {
            let scope = MessageScope(rawValue: UInt8(raw))
            let start = checks.count
            for (index, check) in registry.messageChecks.enumerated()
            where !scoped || scope.isSuperset(of: registry.messageScopes[index]) {
                checks.append(check)
            }
            ranges.append(start ..< checks.count)
        }
        scopedChecks = checks
        scopedRanges = ranges
    }

    func check(document: InspectedDocument, into report: inout Report) {
        withExtendedLifetime(boxes) {
            for box in documentChecks { box._withUnsafeGuaranteedRef { $0.check(document: document, into: &report) } }
        }
    }

    func check(message: InspectedMessage, into report: inout Report) {
        withExtendedLifetime(boxes) {
            // Asked through one stored field: `if let story = message.story` copied the whole
            // story (two copies of its storage and a retain of each of its fields) for every
            // message, and almost none is a story.
            if message.story?.carriesCategory != nil, let story = message.story {
                for box in storyMessageChecks {
                    box._withUnsafeGuaranteedRef { $0.check(message: message, story: story, into: &report) }
                }
            } else {
                for index in scopedRanges[Int(MessageScope.of(message).rawValue)] {
                    scopedChecks[index]._withUnsafeGuaranteedRef { $0.check(message: message, into: &report) }
                }
            }
        }
    }
}

/// Where rules put their checks (`Rule.register(in:)`), in catalogue order.
///
/// The `add` methods are never specialised: a specialised copy names its box type (say
/// `MessageCheck<NoScheme>`) by mangled name, and the runtime then proves `NoScheme:
/// MessageRule` by searching every conformance of the program (16M instructions for the
/// catalogue). Unspecialised, the witness table is passed in and the type is built from it.
public struct RuleCheckRegistry {
    private(set) var boxes: [AnyRuleBox] = []
    private(set) var documentChecks: [Unmanaged<AnyRuleBox>] = []
    private(set) var messageChecks: [Unmanaged<AnyRuleBox>] = []
    /// The scope of each of `messageChecks`.
    private(set) var messageScopes: [MessageScope] = []
    private(set) var storyMessageChecks: [Unmanaged<AnyRuleBox>] = []

    init() {}

    @_semantics("optimize.sil.specialize.generic.never")
    public mutating func add<R: DocumentRule>(document rule: R) {
        documentChecks.append(keep(DocumentCheck(rule)))
    }

    @_semantics("optimize.sil.specialize.generic.never")
    public mutating func add<R: MessageRule>(message rule: R) {
        let check = keep(MessageCheck(rule))
        messageChecks.append(check)
        messageScopes.append(R.scope)
        storyMessageChecks.append(check)
    }

    @_semantics("optimize.sil.specialize.generic.never")
    public mutating func add<R: StoryRule>(story rule: R) {
        storyMessageChecks.append(keep(StoryCheck(rule)))
    }

    private mutating func keep(_ box: AnyRuleBox) -> Unmanaged<AnyRuleBox> {
        boxes.append(box)
        return Unmanaged.passUnretained(box)
    }
}

/// The common type of the boxes; each subclass overrides the checks it wraps. Holds nothing.
class AnyRuleBox: @unchecked Sendable {
    func check(document: InspectedDocument, into report: inout Report) {}
    func check(message: InspectedMessage, into report: inout Report) {}
    /// A check of a story message: story rules get the story, message rules ignore it.
    func check(message: InspectedMessage, story: Story, into report: inout Report) {}
}

/// Immutable after init, so sharing it across threads is safe.
final class DocumentCheck<R: DocumentRule>: AnyRuleBox, @unchecked Sendable {
    let rule: R

    init(_ rule: R) { self.rule = rule }

    override func check(document: InspectedDocument, into report: inout Report) {
        rule.check(document: document, into: &report)
    }
}

/// Immutable after init, so sharing it across threads is safe.
final class MessageCheck<R: MessageRule>: AnyRuleBox, @unchecked Sendable {
    let rule: R

    init(_ rule: R) { self.rule = rule }

    override func check(message: InspectedMessage, into report: inout Report) {
        rule.check(message: message, into: &report)
    }

    override func check(message: InspectedMessage, story: Story, into report: inout Report) {
        rule.check(message: message, into: &report)
    }
}

/// Immutable after init, so sharing it across threads is safe.
final class StoryCheck<R: StoryRule>: AnyRuleBox, @unchecked Sendable {
    let rule: R

    init(_ rule: R) { self.rule = rule }

    override func check(message: InspectedMessage, story: Story, into report: inout Report) {
        rule.check(message: message, story: story, into: &report)
    }
}
