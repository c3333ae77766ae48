import Foundation
import XCTest
@testable import InboxCLI

/// A path that could not be read fails the run (exit code 2) in every format, not only on
/// stderr: a CI system that reads the report must not see a pass.
final class ValidateUnreadableTests: XCTestCase {
    private let missing = "/nonexistent-dir/campaign.json"

    private func run(_ format: String) -> RunResult {
        let clean = temporaryFile("clean.json", #"{"ios_title": "Ok", "content": "y", "inbox_days": 3}"#)
        let result = runCLI(["validate", "--format", format, "--select", "IK102", clean, missing])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("cannot read '\(missing)'"), result.err)
        return result
    }

    func testJSONGateFails() throws {
        let json = jsonObject(run("json").out)
        let gate = try XCTUnwrap(json["gate"] as? [String: Any])
        XCTAssertEqual(gate["passed"] as? Bool, false, "no finding, but a path was not read")
        let unreadable = try XCTUnwrap(gate["unreadable"] as? [[String: Any]])
        XCTAssertEqual(unreadable.first?["path"] as? String, missing)
    }

    func testSARIFInvocationIsUnsuccessful() throws {
        let log = jsonObject(run("sarif").out)
        let invocation = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, false)
        XCTAssertEqual(invocation["exitCode"] as? Int, 2)
        let notification = try XCTUnwrap((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        XCTAssertEqual(notification["level"] as? String, "error")
        XCTAssertTrue(((notification["message"] as? [String: Any])?["text"] as? String)?.contains(missing) ?? false)
    }

    func testJUnitHasAnErrorCase() {
        let xml = run("junit").out
        XCTAssertTrue(xml.contains("<testsuites name=\"inbox-inspector validate\" tests=\"2\" failures=\"0\" errors=\"1\""), xml)
        XCTAssertTrue(xml.contains("<error type=\"unreadable\" message=\"cannot read &apos;\(missing)&apos;"), xml)
    }

    func testGitHubHasAnErrorCommand() {
        let out = run("github").out
        XCTAssertTrue(out.contains("::error title=inbox-inspector::cannot read '\(missing)'"), out)
    }

    func testTextAndMarkdownSayTheRunFails() {
        XCTAssertTrue(run("text").out.contains("✗ fails: 1 path could not be read"))
        let markdown = run("markdown").out
        XCTAssertTrue(markdown.hasPrefix("## inbox-inspector validate: ❌ fails"), markdown)
        XCTAssertTrue(markdown.contains("- `\(missing)`: "), markdown)
    }
}
