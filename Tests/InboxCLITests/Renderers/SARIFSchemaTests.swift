import Foundation
import XCTest
@testable import InboxCLI

/// `validate --format sarif` against the OASIS SARIF 2.1.0 JSON schema (a copy in
/// Tests/Resources), checked offline by Python's `jsonschema` (Tests/Scripts/check-sarif.py;
/// `.ci/run` installs it when it is missing).
final class SARIFSchemaTests: XCTestCase {
    func testLogsMatchTheSchema() throws {
        let logs = [
            ("examples", ["Examples"]),
            ("unreadable", ["Examples/campaigns", "/nonexistent-dir/a.json"]),
            ("odd-names", [temporaryFile("q4 sale, 50%: ä.json", #"{"ios_title": "Hi", "content": "x", "inbox_days": 45}"#)]),
            ("clean", [temporaryFile("clean.json", #"{"ios_title": "Ok", "content": "y", "inbox_days": 3}"#)]),
        ].map { name, inputs -> String in
            let path = temporaryFile("\(name).sarif", "")
            let result = runCLI(["validate", "--output-file", "sarif:" + path] + inputs)
            XCTAssertTrue(result.status <= 2, result.err)
            return path
        }
        let stdin = temporaryFile("stdin.sarif", "")
        _ = runCLI(["validate", "--output-file", "sarif:" + stdin, "-"], stdin: #"{"content": "x" "inbox_days": 3}"#)
        let schema = repositoryRoot.appendingPathComponent("Tests/Resources/sarif-schema-2.1.0.json").path
        let script = repositoryRoot.appendingPathComponent("Tests/Scripts/check-sarif.py").path
        let (status, output) = try python([script, schema] + logs + [stdin])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("checked 5 SARIF logs, 0 schema violations"), output)
    }

    func testUrisAreRelativeToTheSourceRoot() throws {
        let result = runCLI(["validate", "--format", "sarif", "./Examples/campaigns/black-friday.json"])
        let run = try XCTUnwrap((jsonObject(result.out)["runs"] as? [[String: Any]])?.first)
        let location = (((run["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"]
            as? [String: Any])?["artifactLocation"] as? [String: Any]
        XCTAssertEqual(location?["uri"] as? String, "Examples/campaigns/black-friday.json")
        XCTAssertEqual(location?["uriBaseId"] as? String, "%SRCROOT%")
        let base = (run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any]
        XCTAssertEqual(base?["uri"] as? String, "file://" + ValidateSARIF.uri(repositoryRoot.path + "/"))
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, true)
        XCTAssertEqual(invocation["exitCode"] as? Int, 1)
        XCTAssertEqual(invocation["commandLine"] as? String,
                       "inbox-inspector validate --format sarif ./Examples/campaigns/black-friday.json")
        XCTAssertEqual(ValidateSARIF.shellWord("it's a file.json"), #"'it'\''s a file.json'"#)
    }

    /// Runs python3 (as found on PATH, like `.ci/run`) and returns its status and output.
    private func python(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
