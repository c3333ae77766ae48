import XCTest
import InboxModel

/// Runs every rule's examples through `validate`, as a user would: each trigger must
/// report the rule's code and each pass must not. A rule without both kinds fails.
final class RuleExampleTests: XCTestCase {
    private func codes(for example: RuleExample) -> [String] {
        let path = temporaryFile("example.json", example.payload)
        let plist = example.plist.map { ["--plist", temporaryFile("Info.plist", $0)] } ?? []
        let result = runCLI(["validate", "--format", "json", "--fail-on", "info", "--sdk", example.profile.name]
                            + example.arguments + plist + [path])
        XCTAssertNotEqual(result.status, 2, "usage error: \(result.err)")
        return (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    func testEveryRuleHasExamplesThatBehave() {
        for rule in RuleCatalogue.all {
            let description = rule.description
            XCTAssertFalse(description.triggers.isEmpty, "\(description.code) has no triggering example")
            XCTAssertFalse(description.passes.isEmpty, "\(description.code) has no passing example")
            XCTAssertFalse(description.explanation.isEmpty, description.code)
            for example in description.triggers {
                XCTAssertTrue(codes(for: example).contains(description.code),
                              "\(description.code) should trigger on \(example.payload.prefix(200))")
            }
            for example in description.passes {
                XCTAssertFalse(codes(for: example).contains(description.code),
                               "\(description.code) should not trigger on \(example.payload.prefix(200))")
            }
        }
    }

    func testCodesAreUniqueAndOrdered() {
        let codes = RuleCatalogue.codes
        XCTAssertEqual(Set(codes).count, codes.count)
        XCTAssertEqual(codes, codes.sorted())
    }
}
