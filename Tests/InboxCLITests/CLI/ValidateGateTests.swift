import XCTest
@testable import InboxCLI

/// `validate`'s gate: --select, --ignore, --fail-on, --max-warnings and exit codes 0/1/2.
final class ValidateGateTests: XCTestCase {
    /// IK101 (error), IK104 (warning) and IK902 (warning) in one notification.
    private let payload = #"{"ios_title": "Hi", "content": "x", "platforms": [3], "data": {"k": ""# + String(repeating: "a", count: 3600) + #""}}"#

    private func codes(_ result: RunResult) -> [String] {
        (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    private func validate(_ options: [String], _ text: String? = nil) -> RunResult {
        runCLI(["validate", "--format", "json"] + options + [temporaryFile("campaign.json", text ?? payload)])
    }

    func testEveryRuleRunsByDefault() {
        let result = validate([])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(Set(codes(result)).intersection(["IK101", "IK104", "IK902"]), ["IK101", "IK104", "IK902"])
    }

    func testSelectByCodeAndByPrefix() {
        XCTAssertEqual(codes(validate(["--select", "IK104"])), ["IK104"])
        XCTAssertEqual(codes(validate(["--select", "IK9"])), ["IK902"])
        XCTAssertEqual(codes(validate(["--select", "ik10"])).sorted(), ["IK101", "IK104"], "case-insensitive prefix")
        XCTAssertEqual(codes(validate(["--select", "IK101,IK902"])).sorted(), ["IK101", "IK902"])
        XCTAssertEqual(codes(validate(["--select", "IK101", "--select", "IK902"])).sorted(), ["IK101", "IK902"], "repeatable")
    }

    func testIgnoreAndSpecificity() {
        XCTAssertFalse(codes(validate(["--ignore", "IK101"])).contains("IK101"))
        XCTAssertEqual(codes(validate(["--select", "IK1", "--ignore", "IK101"])), ["IK104"])
        XCTAssertEqual(codes(validate(["--select", "IK101", "--ignore", "IK1"])), ["IK101"], "the more specific pattern wins")
    }

    func testSelectingAwayTheErrorPassesTheGate() {
        XCTAssertEqual(validate(["--ignore", "IK101"]).status, 0, "only warnings left")
        XCTAssertEqual(validate(["--ignore", "IK101", "--fail-on", "warning"]).status, 1)
    }

    func testSyntaxErrorsCannotBeSelectedAway() {
        let result = validate(["--select", "IK9"], #"{"content": "x",}"#)
        XCTAssertEqual(codes(result), ["IK001"])
        XCTAssertEqual(result.status, 1)
        let ignored = validate(["--ignore", "ik001"])
        XCTAssertEqual(ignored.status, 2)
        XCTAssertTrue(ignored.err.contains("IK001 cannot be ignored"), ignored.err)
    }

    func testUnknownCodesAreUsageErrorsWithASuggestion() {
        for (option, code, suggestion) in [("--select", "IK1O1", "IK101"), ("--ignore", "IK9O2", "IK902")] {
            let result = validate([option, code])
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.out, "")
            XCTAssertTrue(result.err.contains("unknown rule code '\(code)' (did you mean \(suggestion)?) in \(option)"), result.err)
        }
    }

    func testMaxWarnings() {
        XCTAssertEqual(validate(["--ignore", "IK101", "--max-warnings", "2"]).status, 0)
        XCTAssertEqual(validate(["--ignore", "IK101", "--max-warnings", "1"]).status, 1)
        let text = runCLI(["validate", "--ignore", "IK101", "--max-warnings", "1", temporaryFile("c.json", payload)])
        XCTAssertTrue(text.out.contains("2 warnings, more than --max-warnings 1"), text.out)
        let bad = validate(["--max-warnings", "many"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("--max-warnings"), bad.err)
        let gate = jsonObject(validate(["--ignore", "IK101", "--max-warnings", "1"]).out)["gate"] as? [String: Any]
        XCTAssertEqual(gate?["passed"] as? Bool, false)
        XCTAssertEqual(gate?["maxWarnings"] as? Int, 1)
    }

    func testFailOn() {
        let clean = #"{"ios_title": "Hi", "content": "x", "inbox_days": 3, "platforms": [3]}"#
        XCTAssertEqual(validate(["--select", "IK1"], clean).status, 0)
        XCTAssertEqual(validate(["--select", "IK1", "--fail-on", "warning"], clean).status, 1)
        XCTAssertEqual(validate(["--select", "IK1", "--fail-on", "info"], clean).status, 1)
    }

    func testABrokenFileDoesNotStopTheOthers() {
        let broken = temporaryFile("broken.json", #"{"content": "x", "inbox_days": 3"#)
        let other = temporaryFile("other.json", #"{"content": "x", "inbox_days": 45}"#)
        let result = runCLI(["validate", "--format", "json", "--select", "IK1", broken, other])
        XCTAssertEqual(result.status, 1)
        let diagnostics = jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []
        XCTAssertEqual(diagnostics.map { $0["code"] as? String }, ["IK001", "IK102"])
        XCTAssertEqual(diagnostics.map { $0["source"] as? String }, [broken, other])
        XCTAssertEqual((jsonObject(result.out)["summary"] as? [String: Any])?["files"] as? Int, 2)
    }

    func testUnreadablePathIsExit2AfterCheckingTheRest() {
        let other = temporaryFile("other.json", #"{"content": "x", "inbox_days": 45}"#)
        let result = runCLI(["validate", "--format", "json", "missing.json", other])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("cannot read 'missing.json'"))
        XCTAssertTrue(codes(result).contains("IK102"))
    }

    func testMinSdkNewerThanSdkIsAUsageError() {
        let result = validate(["--sdk", "7.0", "--min-sdk", "latest"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("--min-sdk guide is newer than --sdk 7.0"), result.err)
    }

    func testTextSummaryAndVerdict() {
        let result = runCLI(["validate", "--select", "IK1", temporaryFile("c.json", payload)])
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.suffix(2), ["1 error, 1 warning, 0 info in 1 message (1 file)",
                                         "✗ fails: findings at or above error (--fail-on error)"])
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 }, result.out)
        XCTAssertTrue(result.out.contains("  line 1  \"Hi\""), "message header names the message: \(result.out)")
    }
}
