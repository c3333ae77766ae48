import Foundation
import XCTest
@testable import InboxCLI
import InboxModel

/// `.inbox-inspector.json` from the command line: discovery, --config, precedence,
/// exclusion and errors with positions.
final class ConfigFileTests: XCTestCase {
    private let payload = #"{"ios_title": "Hi", "content": "x", "inbox_days": 45, "platforms": [3]}"#

    private func directory() -> String {
        let path = testRunDirectory.appendingPathComponent("config-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func write(_ path: String, _ text: String) {
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// Runs in `directory` (config discovery starts at the working directory).
    private func run(in directory: String, _ arguments: [String]) -> RunResult {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(directory)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        let console = Console.capturing(stdin: [])
        let status = CLI.run(arguments, console: console)
        console.out.flush()
        console.err.flush()
        return RunResult(status: status, out: console.out.capturedText, err: console.err.capturedText)
    }

    private func findings(_ result: RunResult) -> [(code: String, severity: String)] {
        (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).map {
            ($0["code"] as? String ?? "", $0["severity"] as? String ?? "")
        }
    }

    func testDiscoveryWalksUpFromTheInputsFolder() throws {
        let root = directory()
        write(root + "/.inbox-inspector.json", #"{"select": ["IK104"]}"#)
        write(root + "/campaigns/q4/a.json", payload)
        let result = run(in: root + "/campaigns/q4", ["validate", "--format", "json", "a.json"])
        XCTAssertEqual(findings(result).map(\.code), ["IK104"])
        XCTAssertEqual(result.status, 0, "IK104 is a warning")
        let settings = run(in: root + "/campaigns/q4/../q4/.", ["validate", "--show-settings", "a.json"])
        XCTAssertTrue(settings.out.contains("config       ../../.inbox-inspector.json"), settings.out)
    }

    /// Paths are taken apart as bytes: the same components as Foundation's
    /// `standardizedFileURL`, relative paths against the working directory.
    func testStandardizedPathsMatchFoundation() {
        let cwd = FileManager.default.currentDirectoryPath
        for path in ["/", "/a/b", "/a/./b/../c/", "//a//b///", "/a/b/..", "/..", "/a/../..", "/a/...", "/a/.b/..c",
                     "relative/x/..", ".", "..", "./a", "/é/ü/../ß"] {
            let expected = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: cwd)).standardizedFileURL.path
            let components = PathBytes.components(Array(path.utf8), workingDirectory: Array(cwd.utf8))
            XCTAssertEqual(String(decoding: PathBytes.join(components), as: UTF8.self), expected, path)
        }
        XCTAssertEqual(ConfigLocator.workingDirectory(), cwd)
    }

    func testExplicitConfigSeverityOverridesCountAndGate() {
        let config = temporaryFile("strict.json", #"{"select": ["IK1"], "severity": {"IK104": "error", "IK1": "info"}, "failOn": "error"}"#)
        let result = runCLI(["validate", "--format", "json", "--config", config, temporaryFile("a.json", payload)])
        XCTAssertEqual(findings(result).map(\.severity), ["info", "error"], "IK102 → info (IK1), IK104 → error (more specific)")
        let summary = jsonObject(result.out)["summary"] as? [String: Any]
        XCTAssertEqual(summary?["error"] as? Int, 1)
        XCTAssertEqual(summary?["info"] as? Int, 1)
        XCTAssertEqual(result.status, 1)
    }

    func testCommandLineOverridesTheConfig() {
        let config = temporaryFile("c.json", #"{"sdk": "7.1", "select": ["IK104"], "ignore": ["IK102"], "failOn": "warning"}"#)
        let file = temporaryFile("a.json", payload)
        let fromConfig = runCLI(["validate", "--format", "json", "--config", config, file])
        XCTAssertEqual(jsonObject(fromConfig.out)["profile"] as? String, "7.1")
        XCTAssertEqual(fromConfig.status, 1, "failOn warning from the config")
        let overridden = runCLI(["validate", "--format", "json", "--config", config, "--sdk", "7.0", "--select", "IK1",
                                 "--fail-on", "error", file])
        XCTAssertEqual(jsonObject(overridden.out)["profile"] as? String, "7.0")
        XCTAssertEqual(findings(overridden).map(\.code), ["IK104"], "--select replaces select; ignore IK102 still applies")
        XCTAssertEqual(overridden.status, 0)
    }

    func testExcludeGlobs() {
        let root = directory()
        write(root + "/.inbox-inspector.json", #"{"exclude": ["drafts/**", "*.old.json"]}"#)
        write(root + "/campaigns/drafts/wip.json", #"{"content": "x",}"#)
        write(root + "/campaigns/spring.old.json", #"{"content": "x",}"#)
        write(root + "/campaigns/spring.json", payload)
        let result = run(in: root, ["validate", "--format", "json", "campaigns"])
        let sources = Set((jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? String })
        XCTAssertEqual(sources, ["campaigns/spring.json"])
        XCTAssertEqual((jsonObject(result.out)["summary"] as? [String: Any])?["files"] as? Int, 1)
        let nothing = run(in: root, ["validate", "campaigns/drafts"])
        XCTAssertEqual(nothing.status, 2, "a config that excludes every input is no input")
        XCTAssertEqual(nothing.err, "inbox-inspector: no input: every input is excluded by the \"exclude\" globs of "
                       + ".inbox-inspector.json (1 file) (--allow-empty accepts this)\n")
        let allowed = run(in: root, ["validate", "--allow-empty", "campaigns/drafts"])
        XCTAssertEqual(allowed.status, 0)
        XCTAssertTrue(allowed.out.contains("0 messages (0 files)"), allowed.out)
    }

    func testBadConfigIsExit2WithItsOwnPosition() {
        let root = directory()
        write(root + "/.inbox-inspector.json", "{\n  \"ignore\": [\"IK101\"],\n  \"serverity\": {}\n}")
        write(root + "/a.json", payload)
        let result = run(in: root, ["validate", "a.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err,
                       "inbox-inspector: .inbox-inspector.json:3:3: unknown key \"serverity\" (did you mean \"severity\"?)\n")
    }

    func testBadConfigValues() {
        let cases = [
            (#"{"ignore": ["IK1O1"]}"#, ":1:13: unknown rule code 'IK1O1' (did you mean IK101?)"),
            (#"{"sdk": 7.1}"#, ":1:9: \"sdk\" must be one of 7.0, 7.1, guide (as a string)"),
            (#"{"exclude": "drafts"}"#, ":1:13: \"exclude\" must be a list of strings"),
            ("{\"ignore\": [\"IK101\"]", ":1:21: JSON syntax error"),
        ]
        for (text, expected) in cases {
            let config = temporaryFile("bad.json", text)
            let result = runCLI(["validate", "--config", config, temporaryFile("a.json", payload)])
            XCTAssertEqual(result.status, 2, text)
            XCTAssertTrue(result.err.hasPrefix("inbox-inspector: \(config)\(expected)"), "\(text): \(result.err)")
        }
    }

    func testMissingConfigFile() {
        let result = runCLI(["validate", "--config", "no-such-config.json", temporaryFile("a.json", payload)])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.err, "inbox-inspector: cannot read config 'no-such-config.json': no such file\n")
    }
}
