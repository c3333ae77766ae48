import Foundation
import XCTest
@testable import InboxCLI

/// `validate`'s outputs: `--output-file`, several outputs of one run, checked writes,
/// `--exit-zero`, `--statistics` and the `concise` and `markdown` formats.
final class ValidateOutputsTests: XCTestCase {
    /// Two messages with an IK102 (error) and one IK104 (warning).
    private let payload = #"""
        {"request": {"notifications": [
          {"ios_title": "Hi", "content": "x", "inbox_days": 45, "platforms": [3]},
          {"ios_title": "Ok", "content": "y", "inbox_days": 31}
        ]}}
        """#

    private func campaign() -> String { temporaryFile("campaign.json", payload) }

    private func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing \(path)>"
    }

    func testOutputFileTakesTheFormatInsteadOfStdout() {
        let report = temporaryFile("report.json", "old contents that must go")
        let result = runCLI(["validate", "--format", "json", "--select", "IK1", "--output-file", report, campaign()])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "", "the report went to the file")
        let json = jsonObject(read(report))
        XCTAssertEqual((json["summary"] as? [String: Any])?["error"] as? Int, 2)
    }

    func testOneRunWritesGitHubToStdoutAndSARIFAndMarkdownToFiles() throws {
        let sarif = temporaryFile("report.sarif", "")
        let markdown = temporaryFile("summary.md", "")
        let result = runCLI(["validate", "--format", "github", "--select", "IK1", "--output-file", "sarif:" + sarif,
                             "--output-file", "markdown:" + markdown, campaign()])
        XCTAssertEqual(result.status, 1)
        let annotations = result.out.split(separator: "\n").filter { $0.hasPrefix("::") }
        XCTAssertEqual(annotations.count, 3)
        let log = jsonObject(read(sarif))
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual((run["results"] as? [[String: Any]])?.compactMap { $0["ruleId"] as? String },
                       ["IK102", "IK104", "IK102"], "the same findings as the annotations, from the same run")
        XCTAssertTrue(read(markdown).contains("| `IK102` | 2 |"), read(markdown))
    }

    func testAFileIsNotColouredForTheTerminal() {
        let report = temporaryFile("report.txt", "")
        let result = runCLI(["validate", "--select", "IK1", "--output-file", report, campaign()], terminal: true)
        XCTAssertTrue(read(report).contains("IK102"))
        XCTAssertFalse(read(report).contains("\u{1B}["), "no colour codes in a file")
        XCTAssertEqual(result.out, "")
    }

    func testOutputFileToStandardOutputWithDash() {
        let sarif = temporaryFile("r.sarif", "")
        let result = runCLI(["validate", "--select", "IK1", "--output-file", sarif, "--output-file", "concise:-", campaign()])
        XCTAssertTrue(result.out.contains(": IK102 inbox_days is 45"), result.out)
        XCTAssertFalse(read(sarif).isEmpty, "a plain --output-file takes the --format (text) output")
    }

    func testOutputFileMistakesAreUsageErrors() {
        let path = campaign()
        let typo = runCLI(["validate", "--output-file", "sarf:x.sarif", path])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.err.contains("unknown format 'sarf'") && typo.err.contains("did you mean 'sarif:'"), typo.err)
        XCTAssertEqual(typo.out, "", "nothing is checked after a usage error")
        let twice = runCLI(["validate", "--format", "json", "--output-file", "json:-", path])
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.err.contains("two outputs are written to standard output"), twice.err)
        let unwritable = runCLI(["validate", "--output-file", "sarif:/nonexistent-dir/x.sarif", path])
        XCTAssertEqual(unwritable.status, 2)
        XCTAssertTrue(unwritable.err.contains("cannot write '/nonexistent-dir/x.sarif'"), unwritable.err)
        XCTAssertEqual(unwritable.out, "")
    }

    func testAFailedWriteIsReportedAndExitsTwo() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full")
        let result = runCLI(["validate", "--select", "IK1", "--output-file", "sarif:/dev/full", campaign()])
        XCTAssertEqual(result.status, 2, "findings alone would be 1: the report did not reach its file")
        XCTAssertTrue(result.err.contains("cannot write '/dev/full'"), result.err)
    }

    func testExitZeroKeepsTwoForUnreadablePaths() {
        let path = campaign()
        let findings = runCLI(["validate", "--exit-zero", path])
        XCTAssertEqual(findings.status, 0)
        XCTAssertTrue(findings.out.contains("IK102"), "the findings are still shown")
        let sarif = runCLI(["validate", "--exit-zero", "--format", "sarif", path])
        XCTAssertTrue(sarif.out.contains("\"exitCode\": 0,"), "SARIF records the exit code the run returns")
        let unreadable = runCLI(["validate", "--exit-zero", path, "/nonexistent-dir/a.json"])
        XCTAssertEqual(unreadable.status, 2)
    }

    func testStatisticsCountFindingsPerRuleMostFirst() {
        let result = runCLI(["validate", "--statistics", "--select", "IK1", campaign()])
        XCTAssertEqual(result.status, 1, "the gate is unchanged")
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(2)), ["2  IK102  " + FindingTally.title(of: "IK102"),
                                                "1  IK104  " + FindingTally.title(of: "IK104")])
        XCTAssertFalse(result.out.contains("inbox_days is 45"), "counts instead of findings")
        let json = runCLI(["validate", "--statistics", "--format", "json", "--select", "IK1", campaign()])
        let rows = (try? JSONSerialization.jsonObject(with: Data(json.out.utf8))) as? [[String: Any]]
        XCTAssertEqual(rows?.compactMap { $0["code"] as? String }, ["IK102", "IK104"])
        XCTAssertEqual(rows?.compactMap { $0["count"] as? Int }, [2, 1])
        XCTAssertEqual(runCLI(["validate", "--statistics", "--format", "junit", campaign()]).status, 2)
    }

    func testConciseIsOneLinePerFinding() {
        let path = temporaryFile("c.json", #"{"ios_title": "Hi", "content": "x", "inbox_days": 45, "platforms": [3]}"#)
        let result = runCLI(["validate", "--format", "concise", "--select", "IK1", path])
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, result.out)
        XCTAssertTrue(lines[0].hasPrefix("\(path):1:51: IK102 inbox_days is 45"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("\(path):1:68: IK104 platforms [3]"), lines[1])
        XCTAssertEqual(lines[2], "1 error, 1 warning, 0 info in 1 message (1 file)")
        let quiet = runCLI(["validate", "--format", "concise", "--quiet", "--select", "IK1", path])
        XCTAssertEqual(quiet.out.split(separator: "\n").count, 2)
    }

    func testMarkdownGivesTheVerdictPerFileAndCountsPerRule() {
        let clean = temporaryFile("clean.json", #"{"ios_title": "Ok", "content": "y", "inbox_days": 3}"#)
        let result = runCLI(["validate", "--format", "markdown", "--select", "IK1", campaign(), clean])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.hasPrefix("## inbox-inspector validate: ❌ fails\n"), result.out)
        XCTAssertTrue(result.out.contains("/campaign.json` | ❌ fails | 2 | 1 | 0 |"), result.out)
        XCTAssertTrue(result.out.contains("/clean.json` | ✅ clean | 0 | 0 | 0 |"), result.out)
        XCTAssertTrue(result.out.contains("| `IK102` | 2 | "), result.out)
        let passing = runCLI(["validate", "--format", "markdown", clean, "--select", "IK102"])
        XCTAssertTrue(passing.out.hasPrefix("## inbox-inspector validate: ✅ passes\n"), passing.out)
    }

    func testResolveButtonsAndStoriesWriteToAnOutputFile() throws {
        for command in ["resolve", "buttons", "stories"] {
            let report = temporaryFile("\(command).json", "old")
            let result = runCLI([command, "--format", "json", "--output-file", report, campaign()])
            XCTAssertEqual(result.out, "", command)
            XCTAssertNotNil(jsonObject(read(report))["tool"], command)
        }
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full")
        let full = runCLI(["resolve", "--output-file", "/dev/full", campaign()])
        XCTAssertEqual(full.status, 2)
        XCTAssertTrue(full.err.contains("cannot write '/dev/full'"), full.err)
    }

    /// Each output of a run with several is what a run of that format alone prints,
    /// with one job (JSON then writes in turn) and with workers.
    func testEachOutputIsWhatItsFormatAlonePrints() {
        let inputs = ["Examples", campaign()]
        for jobs in ["1", "3"] {
            let junit = temporaryFile("r.xml", ""), concise = temporaryFile("r.txt", ""), markdown = temporaryFile("r.md", "")
            let both = runCLI(["validate", "--format", "json", "--jobs", jobs, "--output-file", "junit:" + junit,
                               "--output-file", "concise:" + concise, "--output-file", "markdown:" + markdown] + inputs)
            for (format, text) in [("json", both.out), ("junit", read(junit)), ("concise", read(concise)),
                                   ("markdown", read(markdown))] {
                let alone = runCLI(["validate", "--format", format, "--jobs", jobs] + inputs)
                XCTAssertEqual(text, alone.out, "\(format) --jobs \(jobs)")
                XCTAssertEqual(both.status, alone.status)
            }
        }
    }
}
