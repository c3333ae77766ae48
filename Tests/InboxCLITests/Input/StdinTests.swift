import Foundation
import XCTest
@testable import InboxCLI

/// Standard input read as a file would be: NDJSON line by line once its first line is a
/// whole document, and named by `--stdin-filename` in every format.
final class StdinTests: XCTestCase {
    private let good = #"{"ios_title": "Hi", "content": "x", "inbox_days": 3}"#

    private func codes(_ result: RunResult) -> [String] {
        (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).map {
            "\($0["line"] as? Int ?? 0):\($0["code"] as? String ?? "")"
        }
    }

    private func messageCount(_ result: RunResult) -> Int? {
        (jsonObject(result.out)["summary"] as? [String: Any])?["messages"] as? Int
    }

    /// The README's `cat campaign.ndjson | inbox-inspector validate -`: each broken line is
    /// its own finding and every other line is checked.
    func testEachBrokenLineIsItsOwnFinding() {
        let input = [good, #"{"content": "x",}"#, good, "", #"{"ios_title": "cut"#, good].joined(separator: "\n") + "\n"
        let result = runCLI(["validate", "--format", "json", "--select", "IK0", "-"], stdin: input)
        XCTAssertEqual(codes(result), ["2:IK001", "5:IK001"])
        XCTAssertEqual(messageCount(result), 3)
        XCTAssertEqual(result.status, 1)
    }

    func testABrokenFirstLineStillMeansNDJSON() {
        let input = #"{"content": "x",}"# + "\n" + good + "\n"
        let result = runCLI(["validate", "--format", "json", "--select", "IK0"], stdin: input)
        XCTAssertEqual(codes(result), ["1:IK001"])
        XCTAssertEqual(messageCount(result), 1, "the second line is checked")
    }

    func testAPrettyPrintedDocumentIsOneDocument() {
        let input = "\u{FEFF}\n{\n  \"ios_title\": \"Hi\",\n  \"content\": \"x\",\n  \"inbox_days\": 3\n}\n"
        let result = runCLI(["validate", "--format", "json", "--select", "IK0", "-"], stdin: input)
        XCTAssertEqual(codes(result), [])
        XCTAssertEqual(messageCount(result), 1)
        let array = runCLI(["validate", "--format", "json", "-"], stdin: "[" + good + ",\n" + good + "]\n")
        XCTAssertEqual(messageCount(array), 2, "a batch over several lines is one document")
    }

    func testAFirstLineLongerThanOneReadIsWaitedFor() {
        let long = #"{"ios_title": "Hi", "content": ""# + String(repeating: "x", count: 200_000) + #"", "inbox_days": 3}"#
        let result = runCLI(["validate", "--format", "json", "--select", "IK0", "-"],
                            stdin: long + "\n" + #"{"content": "x",}"# + "\n")
        XCTAssertEqual(codes(result), ["2:IK001"])
        XCTAssertEqual(messageCount(result), 1)
    }

    /// The first line is looked at as it arrives: scanning all that had arrived at every
    /// read made a one-line document quadratic (20 MB took 155 s of CPU in a debug build).
    func testALongOneLineDocumentIsDecidedInOnePass() {
        let long = #"{"ios_title": "Hi", "content": ""# + String(repeating: "x", count: 12_000_000) + #"", "inbox_days": 3}"#
        let start = ContinuousClock.now
        let result = runCLI(["validate", "--format", "json", "--select", "IK0", "--max-document-size", "20000", "-"],
                            stdin: long)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(20))
        XCTAssertEqual(messageCount(result), 1)
    }

    func testFirstLineDecision() {
        func decide(_ text: String, ended: Bool = true) -> Bool? { FirstLine.isWholeDocument(Array(text.utf8), ended: ended) }
        XCTAssertEqual(decide(#"{"a": "}{"}"# + "\n{"), true)
        XCTAssertEqual(decide(#"{"a": "\"}"#, ended: false), nil, "the string is still open and the line has not ended")
        XCTAssertEqual(decide("{\n\"a\": 1}"), false)
        XCTAssertEqual(decide("  [1, 2]\r\n[3]"), true)
        XCTAssertEqual(decide(#"{"a": [1, 2}"#), true, "ends with the brace that closes its first: a broken line")
        XCTAssertEqual(decide("\n\n"), false)
        XCTAssertEqual(decide("", ended: false), nil)
        XCTAssertEqual(decide("42\n43"), false)
    }

    func testStdinFilenameNamesStdinInEveryFormat() {
        let input = #"{"content": "x",}"#
        let name = "campaigns/spring.json"
        let json = runCLI(["validate", "--format", "json", "--stdin-filename", name], stdin: input)
        XCTAssertEqual((jsonObject(json.out)["diagnostics"] as? [[String: Any]])?.first?["source"] as? String, name)
        let text = runCLI(["validate", "--stdin-filename", name, "-"], stdin: input)
        XCTAssertTrue(text.out.hasPrefix(name + "\n"), text.out)
        let github = runCLI(["validate", "--format", "github", "--stdin-filename", name], stdin: input)
        XCTAssertTrue(github.out.contains("file=\(name),"), github.out)
        let sarif = runCLI(["validate", "--format", "sarif", "--stdin-filename", name], stdin: input)
        XCTAssertTrue(sarif.out.contains("spring.json"), sarif.out)
        let resolve = runCLI(["resolve", "--format", "json", "--stdin-filename", name], stdin: good)
        XCTAssertEqual((jsonObject(resolve.out)["messages"] as? [[String: Any]])?.first?["source"] as? String, name)
    }

    func testAStdinFilenameEndingInNDJSONIsReadAsNDJSON() {
        let input = "{\n" + good + "\n"
        let named = runCLI(["validate", "--format", "json", "--select", "IK0", "--stdin-filename", "a.ndjson"], stdin: input)
        XCTAssertEqual(codes(named), ["1:IK001"], "line 1 alone is broken; line 2 is checked")
        XCTAssertEqual(messageCount(named), 1)
        let plain = runCLI(["validate", "--format", "json", "--select", "IK0", "--stdin-filename", "a.json"], stdin: input)
        XCTAssertEqual(messageCount(plain), 0, "one document, broken")
    }

    /// The real descriptor 0 of a process, fed through a pipe in pieces: the first line
    /// arrives in two writes, and the decision waits for its end.
    func testThroughAPipeFromAnotherProcess() throws {
        let binary = repositoryRoot.appendingPathComponent(".build/debug/inbox-inspector").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw XCTSkip("no debug binary at \(binary)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["validate", "--format", "json", "--select", "IK0", "-"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.environment = ["SWIFT_BACKTRACE": "enable=no"]
        try process.run()
        let first = #"{"ios_title": "Hi", "#
        input.fileHandleForWriting.write(Data(first.utf8))
        Thread.sleep(forTimeInterval: 0.2)
        input.fileHandleForWriting.write(Data((#""content": "x", "inbox_days": 3}"# + "\n" + #"{"content": "x",}"# + "\n"
                                               + good + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let result = RunResult(status: process.terminationStatus, out: String(decoding: data, as: UTF8.self), err: "")
        XCTAssertEqual(codes(result), ["2:IK001"])
        XCTAssertEqual(messageCount(result), 2)
        XCTAssertEqual(result.status, 1)
    }
}
