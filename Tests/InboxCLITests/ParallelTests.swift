import XCTest

/// `--jobs N` changes speed, never output: same bytes, same order, same exit code.
final class ParallelTests: XCTestCase {
    func testOutputIsIdenticalWhateverTheNumberOfJobs() {
        // More documents than one batch holds, with broken and unrecognised lines mixed in,
        // so batches are flushed mid-file and across files.
        var lines: [String] = []
        for index in 0..<5000 {
            switch index % 7 {
            case 3: lines.append(#"{"ios_title": "cut"#)
            case 5: lines.append(#"{"unknown": \#(index)}"#)
            default: lines.append(#"{"ios_title": "Message \#(index)", "content": "Body", "inbox_days": \#(index % 40)}"#)
            }
        }
        let big = temporaryFile("many.ndjson", lines.joined(separator: "\n"))
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

    func testJobsMustBeAPositiveNumber() {
        for value in ["0", "-1", "two", "1000"] {
            let result = runCLI(["validate", "--jobs", value, "Examples/push.json"])
            XCTAssertEqual(result.status, 2, value)
            XCTAssertTrue(result.err.contains("expected a whole number from 1 to 256"), result.err)
        }
    }
}
