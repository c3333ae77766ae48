import Foundation
import InboxModel
import XCTest

/// README's table of rules is generated from the catalogue (`make rules-table`); this
/// fails when a rule was added or changed without regenerating it.
final class ReadmeTests: XCTestCase {
    func testRulesTableMatchesTheCatalogue() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try XCTUnwrap(readme.range(of: "<!-- rules:begin -->\n"), "README lacks <!-- rules:begin -->")
        let end = try XCTUnwrap(readme.range(of: "<!-- rules:end -->", range: begin.upperBound ..< readme.endIndex),
                                "README lacks <!-- rules:end -->")
        let table = String(readme[begin.upperBound ..< end.lowerBound])
        let generated = runCLI(["rules", "--format", "markdown"])
        XCTAssertEqual(generated.status, 0)
        XCTAssertEqual(table, generated.out, "README's rules table is out of date: run `make rules-table`")
    }

    func testMarkdownTableHasEveryRule() {
        let lines = runCLI(["rules", "--format", "markdown"]).out.split(separator: "\n")
        XCTAssertEqual(lines.first, "| code | severity | fix | title |")
        XCTAssertEqual(lines.count, 2 + RuleCatalogue.codes.count)
    }
}
