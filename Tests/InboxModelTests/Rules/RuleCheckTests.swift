import XCTest
@testable import InboxModel

/// The analyzer calls only the checks a rule registers, so a rule whose check is not
/// registered would report nothing without any error: every rule must register one,
/// except those checked outside `Analyzer`.
final class RuleCheckTests: XCTestCase {
    /// IK812 compares a story payload with the extension's Info.plist (`validate --plist`).
    private let checkedElsewhere: Set<String> = ["IK812"]

    func testEveryRuleRegistersACheck() {
        // IK206 compares profiles only with `--min-sdk`: switched on here (see below).
        for rule in RuleCatalogue.all.map({ $0 is ProfileDifference ? ProfileDifference(minProfile: .v7_0) : $0 }) {
            var registry = RuleCheckRegistry()
            rule.register(in: &registry)
            if checkedElsewhere.contains(rule.code) {
                XCTAssertTrue(registry.hasNoChecks, rule.code)
            } else {
                XCTAssertFalse(registry.hasNoChecks, "\(rule.code) registers no check, so it never reports")
            }
        }
    }

    /// Without a minimum SDK, IK206 has nothing to compare: no message is offered to it.
    func testProfileDifferenceRegistersOnlyWithAMinimumSDK() {
        var registry = RuleCheckRegistry()
        ProfileDifference().register(in: &registry)
        XCTAssertTrue(registry.hasNoChecks)
        ProfileDifference(minProfile: .v7_0).register(in: &registry)
        XCTAssertEqual(registry.messageChecks.count, 1)
    }

    func testEachKindOfCheckIsRegisteredWhereItBelongs() {
        var registry = RuleCheckRegistry()
        for rule in RuleCatalogue.all { rule.register(in: &registry) }
        let stories = RuleCatalogue.all.filter { $0.code.hasPrefix("IK8") && !checkedElsewhere.contains($0.code) }
        XCTAssertEqual(registry.storyMessageChecks.count, registry.messageChecks.count + stories.count)
        XCTAssertEqual(registry.documentChecks.count, 9)
        XCTAssertTrue(DuplicateKey() is any DocumentRule & MessageRule)
        XCTAssertTrue(NumberOutOfRange() is any DocumentRule & MessageRule)
    }

    func testStoryRulesRunForStoriesOnly() {
        let story = #"{"ios_title": "Spring", "content": "New looks", "ios_category_custom": "PW_STORIES"}"#
        let plain = #"{"ios_title": "Spring", "content": "New looks", "inbox_days": 3}"#
        let inspector = Inspector(options: InspectionOptions())
        let storyCodes = Analyzer().diagnose(inspector.inspect(Array(story.utf8), source: "s.json")).all.map(\.code)
        let plainCodes = Analyzer().diagnose(inspector.inspect(Array(plain.utf8), source: "p.json")).all.map(\.code)
        XCTAssertTrue(storyCodes.contains("IK801"), "\(storyCodes)")
        XCTAssertFalse(plainCodes.contains { $0.hasPrefix("IK8") }, "\(plainCodes)")
    }
}

private extension RuleCheckRegistry {
    /// Whether no check of any kind was added.
    var hasNoChecks: Bool { documentChecks.count + messageChecks.count + storyMessageChecks.count == 0 }
}
