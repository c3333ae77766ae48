import XCTest
@testable import InboxModel

/// A description keeps its fields in a shared box (so a rule is one reference); it must
/// still behave as a value: setting a field of one copy leaves the other copies as they were.
final class RuleDescriptionTests: XCTestCase {
    private let original = RuleDescription(code: "IK001", severity: .error, title: "t", explanation: "e",
                                           triggers: [RuleExample("{}")], passes: [])

    func testSettingAFieldChangesOnlyThatCopy() {
        var changed = original
        changed.code = "IK12345678"
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
    func testCodeHeadFollowsTheCode() {
        var changed = original
        XCTAssertEqual(changed.codeHead.count, 5)
        changed.code = "IK12345678"
        XCTAssertEqual(changed.codeHead.count, -1, "longer than a word: written from the String")
        changed.code = "AB"
        XCTAssertEqual(changed.codeHead.count, 2)
        XCTAssertEqual(changed.codeHead.word, 0x4241)
        XCTAssertEqual(original.codeHead.count, 5)
    }

    /// Every rule of the catalogue is one reference: the analyzer's call of a check copies
    /// the rule out of its closure, so a rule should carry nothing but its description.
    func testCatalogueRulesAreOneWord() {
        XCTAssertEqual(MemoryLayout<RuleDescription>.size, MemoryLayout<Int>.size)
        XCTAssertEqual(MemoryLayout<UnknownDisplayType>.size, MemoryLayout<Int>.size)
    }
}
