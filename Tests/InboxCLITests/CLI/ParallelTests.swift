import Foundation
import XCTest
@testable import InboxCLI

/// `--jobs N` changes speed, never output: same bytes, same order, same exit code.
final class ParallelTests: XCTestCase {
    /// Cuts batches of a few documents, so a small input crosses many batch boundaries
    /// (mid-file, across files, with a batch in flight while the next is read).
    private let smallBatches = ["INBOX_INSPECTOR_BATCH_DOCUMENTS": "3"]

    func testOutputIsIdenticalWhateverTheNumberOfJobs() {
        // More documents than one batch holds, with broken and unrecognised lines mixed in,
        // so batches are flushed mid-file and across files.
        let big = temporaryFile("many.ndjson", Self.mixedLines(5000).joined(separator: "\n"))
        for command in ["resolve", "validate"] {
            for format in ["text", "json"] {
                let arguments = [command, "--format", format, "Examples", big]
                let one = runCLI(arguments + ["--jobs", "1"])
                let four = runCLI(arguments + ["--jobs", "4"])
                XCTAssertEqual(one.status, four.status, "\(command) \(format)")
                XCTAssertEqual(one.out, four.out, "\(command) \(format)")
                XCTAssertFalse(one.out.isEmpty)
            }
        }
    }

    /// Every validate format renders documents on the workers and joins them on the main
    /// thread: commas between JSON objects, a file's header before its first finding,
    /// clean files' lines, a JUnit suite per file, SARIF results in one array.
    func testEveryValidateFormatIsIdenticalAcrossJobsAndBatches() {
        let inputs = Self.ndjsonFiles() + ["Examples"]
        XCTAssertTrue(runCLI(["validate"] + inputs).out.contains("clean.ndjson  ✓ no findings (7 messages)"))
        for format in ValidateCommand.formats {
            let arguments = ["validate", "--format", format, "--fail-on", "warning"] + inputs
            let reference = runCLI(arguments + ["--jobs", "1"])
            XCTAssertFalse(reference.out.isEmpty, format)
            for jobs in ["1", "2", "3"] {
                let result = runCLI(arguments + ["--jobs", jobs], environment: smallBatches)
                XCTAssertEqual(result.status, reference.status, "\(format) --jobs \(jobs)")
                XCTAssertEqual(Self.withoutCommandLine(result.out), Self.withoutCommandLine(reference.out),
                               "\(format) --jobs \(jobs)")
                XCTAssertEqual(result.err, reference.err, "\(format) --jobs \(jobs)")
            }
        }
    }

    /// SARIF's invocation without the command line, which names `--jobs`.
    private static func withoutCommandLine(_ text: String) -> String {
        text.replacingOccurrences(of: #""commandLine": "[^\n]*",\n *"arguments": \[[^\]]*\]"#, with: "",
                                  options: .regularExpression)
    }

    /// Severity overrides from a config change findings on the workers; counts, gate and
    /// output still match one job.
    func testSeverityOverridesAreIdenticalAcrossJobs() {
        let config = temporaryFile("overrides.json", #"{"severity": {"IK1": "info", "IK204": "error"}, "failOn": "error"}"#)
        for format in ["text", "json", "junit"] {
            let arguments = ["validate", "--format", format, "--config", config] + Self.ndjsonFiles()
            let one = runCLI(arguments + ["--jobs", "1"])
            let two = runCLI(arguments + ["--jobs", "2"], environment: smallBatches)
            XCTAssertEqual(one.status, two.status, format)
            XCTAssertEqual(one.out, two.out, format)
        }
    }

    /// The one-phase hand-over (whole documents to the command) keeps order across batches too.
    func testOtherCommandsAreIdenticalAcrossBatches() {
        let inputs = Self.ndjsonFiles()
        for command in ["resolve", "buttons", "stories"] {
            let arguments = [command, "--format", "json"] + inputs
            let one = runCLI(arguments + ["--jobs", "1"])
            let three = runCLI(arguments + ["--jobs", "3"], environment: smallBatches)
            XCTAssertEqual(one.status, three.status, command)
            XCTAssertEqual(one.out, three.out, command)
        }
    }

    /// Standard input and a streamed batch file go through the same batches.
    func testStdinAndStreamedBatchesAreIdenticalAcrossJobs() {
        let lines = Self.mixedLines(40).joined(separator: "\n")
        let fromStdin = ["validate", "--format", "json", "--ndjson", "-"]
        XCTAssertEqual(runCLI(fromStdin + ["--jobs", "1"], stdin: lines).out,
                       runCLI(fromStdin + ["--jobs", "2"], stdin: lines, environment: smallBatches).out)

        let elements = (0..<30).map { #"{"ios_title": "Sale \#($0)", "content": "Now", "inbox_days": \#($0 * 20)}"# }
        let batch = temporaryFile("request.json", #"{"request": {"notifications": [\#n"# + elements.joined(separator: ",\n") + "\n]}}")
        var streaming = smallBatches
        streaming["INBOX_INSPECTOR_STREAM_THRESHOLD"] = "0"
        let whole = runCLI(["validate", "--format", "json", batch, "--jobs", "1"])
        let streamed = runCLI(["validate", "--format", "json", batch, "--jobs", "2"], environment: streaming)
        XCTAssertEqual(whole.out, streamed.out)
        XCTAssertTrue(whole.out.contains("IK"), "the batch has findings to order")
    }

    func testJobsMustBeAPositiveNumber() {
        for value in ["0", "-1", "two", "1000"] {
            let result = runCLI(["validate", "--jobs", value, "Examples/push.json"])
            XCTAssertEqual(result.status, 2, value)
            XCTAssertTrue(result.err.contains("expected a whole number from 1 to 256"), result.err)
        }
    }

    /// Valid, broken, unrecognised and blank lines, with findings on most of them.
    private static func mixedLines(_ count: Int) -> [String] {
        (0..<count).map { index in
            switch index % 7 {
            case 3: return #"{"ios_title": "cut"#
            case 5: return #"{"unknown": \#(index)}"#
            case 6: return "   "
            default: return #"{"ios_title": "Message \#(index)", "content": "Body", "inbox_days": \#(index % 40 * 10)}"#
            }
        }
    }

    /// Several NDJSON files: with findings, clean (the text format's one-line files),
    /// a top-level array whose document finding sits between its messages' findings,
    /// and the first file named again (a new JUnit suite, a new text block).
    private static func ndjsonFiles() -> [String] {
        let findings = temporaryFile("findings.ndjson", mixedLines(60).joined(separator: "\n"))
        let clean = temporaryFile("clean.ndjson", (0..<7).map { _ in
            #"{"send_date": "now", "ios_title": "Back", "content": "In stock.", "inbox_days": 5, "#
                + #""inbox_image": "https://cdn.example.com/a.jpg", "data": {"displayType": "captioned"}}"#
        }.joined(separator: "\r\n"))
        let mixed = temporaryFile("mixed.json", """
            [{"ios_title": "a", "content": "b", "inbox_days": 400},
             {"foo": 1},
             {"ios_title": "c", "content": "d", "inbox_days": 500}]
            """)
        return [findings, clean, mixed, findings]
    }
}
