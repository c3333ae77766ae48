/// Every rule wrapped in a class instance (see `Analyzer.checks`): a call through a class
/// reference borrows the rule where it is stored, where a call on an `any Rule` value
/// first copies it out of its existential box.
struct RuleChecks: Sendable {
    /// Owns the boxes.
    private let boxes: [AnyRuleBox]
    /// The same boxes without reference counting, kept alive by `boxes`: the loops call
    /// every rule for every message, and retaining and releasing each box per call would
    /// cost as much as many of the checks themselves.
    private let unretained: [Unmanaged<AnyRuleBox>]

    init(_ rules: [any Rule]) {
        boxes = rules.map { Self.box($0) }
        unretained = boxes.map { Unmanaged.passUnretained($0) }
    }

    func check(document: InspectedDocument, into report: inout Report) {
        withExtendedLifetime(boxes) {
            for box in unretained { box._withUnsafeGuaranteedRef { $0.check(document: document, into: &report) } }
        }
    }

    func check(message: InspectedMessage, into report: inout Report) {
        withExtendedLifetime(boxes) {
            for box in unretained { box._withUnsafeGuaranteedRef { $0.check(message: message, into: &report) } }
        }
    }

    private static func box<R: Rule>(_ rule: R) -> AnyRuleBox { RuleBox(rule) }
}

/// The common type of the boxes; its checks are overridden by `RuleBox`. Holds nothing.
class AnyRuleBox: @unchecked Sendable {
    func check(document: InspectedDocument, into report: inout Report) {}
    func check(message: InspectedMessage, into report: inout Report) {}
}

/// Immutable after init, so sharing it across threads is safe.
final class RuleBox<R: Rule>: AnyRuleBox, @unchecked Sendable {
    let rule: R

    init(_ rule: R) { self.rule = rule }

    override func check(document: InspectedDocument, into report: inout Report) {
        rule.check(document: document, into: &report)
    }

    override func check(message: InspectedMessage, into report: inout Report) {
        rule.check(message: message, into: &report)
    }
}
