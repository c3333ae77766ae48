import Foundation
import XCTest
@testable import InboxCLI

/// Every invocation error path: exit code 2, a one-line message on stderr, nothing on stdout.
final class CommandLineTests: XCTestCase {
    private func assertUsageError(_ arguments: [String], contains text: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        let result = runCLI(arguments)
        XCTAssertEqual(result.status, 2, "exit code", file: file, line: line)
        XCTAssertTrue(result.err.contains(text), "stderr was: \(result.err)", file: file, line: line)
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, "one line: \(result.err)", file: file, line: line)
        XCTAssertEqual(result.out, "", file: file, line: line)
    }

    func testUnknownOptionSuggestsTheClosestOne() {
        assertUsageError(["resolve", "--fromat", "json", "Examples/push.json"], contains: "did you mean --format?")
    }

    func testOptionOfAnotherCommandIsNamed() {
        assertUsageError(["resolve", "--fail-on", "error", "Examples/push.json"], contains: "option of 'validate'")
    }

    func testBadValueListsChoicesAndSuggests() {
        assertUsageError(["resolve", "--format", "jsn", "Examples/push.json"], contains: "did you mean 'json'?")
        assertUsageError(["resolve", "--sdk", "7.2", "Examples/push.json"], contains: "expected one of 7.0, 7.1, guide")
        assertUsageError(["resolve", "--shape", "pushh", "Examples/push.json"], contains: "did you mean 'push'?")
        assertUsageError(["resolve", "--color", "sometimes", "Examples/push.json"], contains: "--color")
    }

    func testMissingValue() {
        assertUsageError(["resolve", "Examples/push.json", "--format"], contains: "needs a value")
    }

    func testFlagWithValue() {
        assertUsageError(["resolve", "--quiet=yes", "Examples/push.json"], contains: "takes no value")
    }

    func testUnknownCommandSuggests() {
        assertUsageError(["reslove", "Examples/push.json"], contains: "did you mean 'resolve'?")
    }

    func testUnknownRuleSuggests() {
        assertUsageError(["rules", "IK00l"], contains: "unknown rule")
    }

    func testMissingPathIsExit2ButOtherPathsAreProcessed() {
        let result = runCLI(["resolve", "--format", "json", "does-not-exist.json", "Examples/push.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.err, "inbox-inspector: cannot read 'does-not-exist.json': No such file or directory\n")
        let messages = jsonObject(result.out)["messages"] as? [[String: Any]]
        XCTAssertEqual(messages?.count, 1)
        XCTAssertEqual(messages?.first?["source"] as? String, "Examples/push.json")
    }

    func testNoInputOnATerminalIsAUsageError() {
        let console = Console.capturing(stdin: nil)
        let status = CLI.run(["resolve"], console: console)
        console.err.flush()
        XCTAssertEqual(status, 2)
        XCTAssertTrue(console.err.capturedText.contains("no input"))
    }

    func testHelpOnEveryCommand() {
        for command in Commands.all {
            let result = runCLI([command.spec.name, "--help"])
            XCTAssertEqual(result.status, 0, command.spec.name)
            XCTAssertTrue(result.out.hasPrefix("OVERVIEW: "), command.spec.name)
            XCTAssertTrue(result.out.contains("--help"), command.spec.name)
            for option in command.spec.options {
                XCTAssertTrue(result.out.contains(option.name), "\(command.spec.name) help lacks \(option.name)")
            }
            XCTAssertEqual(runCLI(["help", command.spec.name]).out, result.out)
        }
        XCTAssertTrue(runCLI(["--help"]).out.contains("COMMANDS:"))
        XCTAssertEqual(runCLI([]).status, 2)
    }

    /// `Commands.named` makes one command without `all`: it must know every command of `all`.
    func testNamedFindsEveryCommandOfAll() {
        for command in Commands.all {
            XCTAssertEqual(Commands.named(command.spec.name)?.spec.name, command.spec.name)
        }
        XCTAssertNil(Commands.named("valid"))
        XCTAssertNil(Commands.named(""))
    }

    func testHelpFitsEightyColumns() {
        for name in Commands.all.map(\.spec.name) + ["--help"] {
            let help = name == "--help" ? runCLI(["--help"]).out : runCLI([name, "--help"]).out
            for line in help.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, 80, "\(name): \(line)")
            }
        }
    }

    func testVersion() {
        let result = runCLI(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.out, "inbox-inspector \(Tool.version)\n")
    }

    func testStdinWithDash() {
        let result = runCLI(["resolve", "--format", "json", "-"], stdin: #"{"ios_title": "Hi", "content": "there"}"#)
        XCTAssertEqual(result.status, 0)
        let message = (jsonObject(result.out)["messages"] as? [[String: Any]])?.first
        XCTAssertEqual(message?["source"] as? String, "-")
        XCTAssertEqual(message?["title"] as? String, "Hi")
    }

    func testStdinIsTheDefaultWhenPiped() {
        let result = runCLI(["resolve", "--format", "json"], stdin: #"{"content": "piped"}"#)
        XCTAssertEqual((jsonObject(result.out)["messages"] as? [[String: Any]])?.first?["body"] as? String, "piped")
    }

    func testStdinHoldingSeveralLinesIsReadAsNDJSON() {
        let result = runCLI(["resolve", "--format", "json", "-"], stdin: "{\"content\": \"a\"}\n{\"content\": \"b\"}\n")
        let messages = jsonObject(result.out)["messages"] as? [[String: Any]]
        XCTAssertEqual(messages?.map { $0["line"] as? Int }, [1, 2])
    }

    func testNDJSONLineNumbersAndBrokenLines() {
        let result = runCLI(["resolve", "--format", "json", "Examples/campaign.ndjson"])
        XCTAssertEqual(result.status, 1, "a line that does not parse makes resolve exit 1")
        let object = jsonObject(result.out)
        let messages = object["messages"] as? [[String: Any]] ?? []
        XCTAssertEqual(messages.map { $0["line"] as? Int }, [1, 2])
        let findings = object["diagnostics"] as? [[String: Any]] ?? []
        XCTAssertEqual(findings.map { $0["code"] as? String }, ["IK001", "IK003"])
        XCTAssertEqual(findings.map { $0["line"] as? Int }, [4, 5], "blank line 3 is skipped but counted")
    }

    func testCRLFNDJSON() {
        let path = temporaryFile("crlf.ndjson", "{\"content\": \"a\"}\r\n{\"content\": \"b\"}\r\n")
        let result = runCLI(["resolve", "--format", "json", path])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual((jsonObject(result.out)["messages"] as? [[String: Any]])?.count, 2)
    }

    func testDirectoriesAreSearchedRecursively() {
        let result = runCLI(["resolve", "--format", "json", "Examples"])
        let sources = Set((jsonObject(result.out)["messages"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? String })
        XCTAssertTrue(sources.contains("Examples/push.json"))
        XCTAssertTrue(sources.contains("Examples/campaign.ndjson"))
    }

    func testAuthIsNeverPrinted() {
        for command in ["resolve", "validate"] {
            for format in ["text", "json"] {
                let result = runCLI([command, "--format", format, "Examples/request.json"])
                XCTAssertFalse(result.out.contains("k7Qm2XvB9pL4sT8wZ1yC6nR3dF5gH0jK"), "\(command) \(format)")
            }
        }
    }

    func testColourOnlyOnATerminalAndNotWithNO_COLOR() {
        let args = ["validate", "Examples/broken.json"]
        XCTAssertFalse(runCLI(args).out.contains("\u{1B}["), "not a terminal")
        XCTAssertTrue(runCLI(args, terminal: true).out.contains("\u{1B}["), "a terminal")
        XCTAssertFalse(runCLI(args, environment: ["NO_COLOR": "1"], terminal: true).out.contains("\u{1B}["))
        XCTAssertTrue(runCLI(args + ["--color", "always"]).out.contains("\u{1B}["))
        XCTAssertFalse(runCLI(args + ["--color", "never"], terminal: true).out.contains("\u{1B}["))
    }

    func testValidateExitCodes() {
        XCTAssertEqual(runCLI(["validate", "Examples/broken.json"]).status, 1)
        let clean = temporaryFile("clean.json", #"{"ios_title": "Hi", "content": "x", "inbox_days": 3}"#)
        XCTAssertEqual(runCLI(["validate", clean]).status, 0)
    }

    func testRulesListsAndExplains() {
        let list = runCLI(["rules"])
        XCTAssertTrue(list.out.contains("IK001"))
        let one = runCLI(["rules", "ik002"])
        XCTAssertEqual(one.status, 0)
        XCTAssertTrue(one.out.contains("IK002: Duplicate key"))
        XCTAssertTrue(one.out.contains("Triggers on:"))
        XCTAssertTrue(one.out.contains("Does not trigger on:"))
    }

    /// IK812's triggers and passes share their payload: the Info.plist is what differs, so
    /// every format of `rules IK812` shows it with each example.
    func testRulesShowTheInfoPlistOfPlistExamples() throws {
        let text = runCLI(["rules", "IK812"]).out
        XCTAssertEqual(text.components(separatedBy: "with --plist Info.plist:").count - 1, 4)
        let triggers = try XCTUnwrap(text.components(separatedBy: "Does not trigger on:").first)
        XCTAssertTrue(triggers.contains("    <key>UNNotificationExtensionInitialContentSizeRatio</key><real>1.0</real>"))
        XCTAssertTrue(triggers.contains("<key>UNNotificationExtensionCategory</key><string>MAIN</string>"))

        let markdown = runCLI(["rules", "IK812", "--format", "markdown"]).out
        XCTAssertEqual(markdown.components(separatedBy: "```xml").count - 1, 4)

        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(runCLI(["rules", "IK812", "--format", "json"]).out.utf8))
                                 as? [String: Any])
        let examples = try XCTUnwrap(json["triggers"] as? [[String: Any]]) + XCTUnwrap(json["passes"] as? [[String: Any]])
        XCTAssertEqual(examples.count, 4)
        XCTAssertTrue(examples.allSatisfy { ($0["plist"] as? String)?.contains("NSExtensionAttributes") == true })
        // A rule without Info.plist examples has no such key.
        let other = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(runCLI(["rules", "IK002", "--format", "json"]).out.utf8))
                                  as? [String: Any])
        XCTAssertTrue(try XCTUnwrap(other["triggers"] as? [[String: Any]]).allSatisfy { $0["plist"] == nil })
    }
}
