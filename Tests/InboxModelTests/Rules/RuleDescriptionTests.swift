import XCTest
@testable import InboxModel

/// A description keeps its fields in a shared box (so a rule is one reference); it must
/// still behave as a value: setting a field of one copy leaves the other copies as they were.
final class RuleDescriptionTests: XCTestCase {
    private let original = RuleDescription(code: "IK001", severity: .error, title: "t", explanation: "e",
                                           triggers: [RuleExample("{}")], passes: [])

    func testSettingAFieldChangesOnlyThatCopy() {
        var changed = original
        changed.ruleCode = "IK12345678"
        changed.severity = .info
        changed.title = "title"
        changed.explanation = "explanation"
        changed.triggers = []
        changed.passes = [RuleExample("[]"), RuleExample("1")]
        XCTAssertEqual([changed.code, changed.severity.rawValue, changed.title, changed.explanation],
                       ["IK12345678", Severity.info.rawValue, "title", "explanation"])
        XCTAssertEqual(changed.triggers.count, 0)
        XCTAssertEqual(changed.passes.map(\.payload), ["[]", "1"])
        XCTAssertEqual([original.code, original.severity.rawValue, original.title, original.explanation],
                       ["IK001", Severity.error.rawValue, "t", "e"])
        XCTAssertEqual(original.triggers.map(\.payload), ["{}"])
        XCTAssertEqual(original.passes.count, 0)
    }

    /// The code's word follows the code it was set to (a finding writes the code from it).
    func testCodeWordFollowsTheCode() {
        var changed = original
        XCTAssertEqual(changed.codeWord.byteCount, 5)
        changed.ruleCode = "IK12345678"
        XCTAssertEqual(changed.codeWord.byteCount, -1, "longer than a word: written from the String")
        changed.ruleCode = "AB"
        XCTAssertEqual(changed.codeWord.byteCount, 2)
        XCTAssertEqual(changed.codeWord.word, 0x4241)
        XCTAssertEqual(original.codeWord.byteCount, 5)
    }

    /// Every rule of the catalogue is one reference: the analyzer's call of a check copies
    /// the rule out of its closure, so a rule should carry nothing but its description.
    func testCatalogueRulesAreOneWord() {
        XCTAssertEqual(MemoryLayout<RuleDescription>.size, MemoryLayout<Int>.size)
        XCTAssertEqual(MemoryLayout<UnknownDisplayType>.size, MemoryLayout<Int>.size)
    }
}
