import Foundation
import XCTest
@testable import InboxCLI

/// Which config applies to which input: searched from each input's folder up to the
/// repository's root, `overrides` per path, `--show-settings`, `--verbose`, and what a
/// config cannot do to the gate.
final class ConfigScopeTests: XCTestCase {
    func testEachInputUsesTheNearestConfigToIt() {
        let sandbox = Sandbox()
        sandbox.write(".inbox-inspector.json", #"{"select": ["IK104"]}"#)
        sandbox.write("legacy/.inbox-inspector.json", #"{"select": ["IK102"]}"#)
        sandbox.write("a.json")
        sandbox.write("legacy/old/b.json")
        let result = sandbox.run(["validate", "--format", "json", "--verbose", "a.json", "legacy"])
        XCTAssertEqual(Sandbox.findings(result), ["a.json IK104 warning", "legacy/old/b.json IK102 error"])
        XCTAssertEqual(result.err, """
            inbox-inspector: run settings (failOn, maxWarnings): config .inbox-inspector.json
            inbox-inspector: config .inbox-inspector.json for 1 input
            inbox-inspector: config legacy/.inbox-inspector.json for 1 input

            """)
    }

    func testTheSearchStopsAtTheRepositoryRoot() {
        let outer = Sandbox(repository: false)
        outer.write(".inbox-inspector.json", #"{"ignore": ["IK1"]}"#)
        outer.write("repo/.git/HEAD", "ref: refs/heads/main\n")
        outer.write("repo/campaigns/a.json")
        let inside = outer.run(["validate", "--format", "json", "campaigns"], in: "repo")
        XCTAssertTrue(Sandbox.findings(inside).contains("campaigns/a.json IK102 error"), "the config above the repository is not used")
        let settings = outer.run(["validate", "--show-settings", "campaigns/a.json"], in: "repo")
        XCTAssertTrue(settings.out.contains("config       none "), settings.out)
        XCTAssertTrue(settings.out.contains("(none found from the file's folder up to the repository root .)"), settings.out)
        let outside = outer.run(["validate", "--format", "json", "repo/campaigns/a.json"])
        XCTAssertTrue(Sandbox.findings(inside).contains("campaigns/a.json IK102 error"))
        XCTAssertEqual(outside.status, 1, "the config is searched from the input's folder, not the working directory")
    }

    func testAWorktreeGitFileMarksTheRootToo() {
        let outer = Sandbox(repository: false)
        outer.write(".inbox-inspector.json", #"{"ignore": ["IK1"]}"#)
        outer.write("wt/.git", "gitdir: /elsewhere\n")
        outer.write("wt/a.json")
        let result = outer.run(["validate", "--format", "json", "a.json"], in: "wt")
        XCTAssertTrue(Sandbox.findings(result).contains("a.json IK102 error"))
    }

    func testABrokenConfigAboveTheInputOutsideARepositoryIsSkipped() {
        let outer = Sandbox(repository: false)
        outer.write(".inbox-inspector.json", #"{"ignore": ["IK1"],}"#)
        outer.write("sub/a.json")
        outer.write("sub/b/c.json")
        let result = outer.run(["validate", "--format", "json", "a.json", "b"], in: "sub")
        XCTAssertEqual(result.status, 1, "checked without it: IK102 is an error")
        XCTAssertEqual(result.err.components(separatedBy: "\n").count, 2, "one warning however many folders: \(result.err)")
        XCTAssertTrue(result.err.hasPrefix("inbox-inspector: skipped ../.inbox-inspector.json:1:20: "), result.err)
        XCTAssertTrue(result.err.contains("(it is above the input's folder and outside any repository)"), result.err)
        let settings = outer.run(["validate", "--show-settings", "a.json"], in: "sub")
        XCTAssertTrue(settings.out.contains("config       none"), settings.out)
        XCTAssertTrue(settings.err.hasPrefix("inbox-inspector: skipped ../.inbox-inspector.json"), settings.err)
        let own = outer.run(["validate", "--format", "json", "sub/a.json", "../a.json"], in: "sub")
        XCTAssertEqual(own.status, 2, "in the input's own folder it is that input's config: an error")

        let pipe = Sandbox(repository: false)
        pipe.write("sub/a.json")
        XCTAssertEqual(mkfifo(pipe.root + "/.inbox-inspector.json", 0o600), 0)
        let fifo = pipe.run(["validate", "--format", "json", "a.json"], in: "sub")
        XCTAssertEqual(fifo.status, 1, fifo.err)
        XCTAssertTrue(fifo.err.contains("it is not a regular file"), fifo.err)

        let inRepository = Sandbox()
        inRepository.write(".inbox-inspector.json", #"{"ignore": ["IK1"],}"#)
        inRepository.write("sub/a.json")
        XCTAssertEqual(inRepository.run(["validate", "a.json"], in: "sub").status, 2, "inside the repository it is an error")
    }

    func testOverridesApplyByPathRelativeToTheConfig() {
        let sandbox = Sandbox()
        sandbox.write("campaigns/.inbox-inspector.json", """
            {"select": ["IK1"], "ignore": ["IK104"],
             "overrides": [{"files": ["legacy/**"], "select": ["IK104"], "severity": {"IK104": "error"}},
                           {"files": ["./old-*.json"], "ignore": ["IK102"], "sdk": "7.0"}]}
            """)
        sandbox.write("campaigns/legacy/a.json")
        sandbox.write("campaigns/old-1.json")
        sandbox.write("campaigns/new.json")
        for directory in [".", "campaigns/legacy"] {
            let target = directory == "." ? "campaigns" : ".."
            let result = sandbox.run(["validate", "--format", "json", target], in: directory)
            XCTAssertEqual(Sandbox.findings(result).map { $0.components(separatedBy: "/").last ?? "" },
                           ["a.json IK104 error", "new.json IK102 error"], "from \(directory)")
        }
        let commandLine = sandbox.run(["validate", "--format", "json", "--select", "IK102", "campaigns/legacy"])
        XCTAssertEqual(Sandbox.findings(commandLine), ["campaigns/legacy/a.json IK102 error"], "--select replaces every select")
    }

    /// Documents of files with different settings in one batch, inspected on several workers.
    func testPerFileSettingsHoldAcrossWorkers() {
        let sandbox = Sandbox()
        sandbox.write(".inbox-inspector.json",
                      #"{"select": ["IK102"], "overrides": [{"files": ["b*.ndjson"], "select": ["IK104"], "sdk": "7.0"}]}"#)
        let lines = Array(repeating: Sandbox.payload, count: 5).joined(separator: "\n")
        for name in ["a1.ndjson", "b1.ndjson", "a2.ndjson", "b2.ndjson"] { sandbox.write(name, lines) }
        let result = sandbox.run(["validate", "--format", "json", "--jobs", "4", "."],
                                 environment: [InputPipeline.batchDocumentsVariable: "3"])
        let expected = ["a1", "a2", "b1", "b2"].flatMap { name in
            Array(repeating: "./\(name).ndjson " + (name.hasPrefix("a") ? "IK102 error" : "IK104 warning"), count: 5)
        }
        XCTAssertEqual(Sandbox.findings(result), expected)
    }

    func testShowSettingsSaysWhereEachValueCameFrom() {
        let sandbox = Sandbox()
        sandbox.write(".inbox-inspector.json", """
            {"sdk": "7.1", "ignore": ["IK204"], "failOn": "warning",
             "overrides": [{"files": ["legacy/**"], "sdk": "7.0", "severity": {"IK105": "info"}}]}
            """)
        let result = sandbox.run(["validate", "--show-settings", "--ignore", "IK9", "--max-warnings", "3", "legacy/x.json"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.out, """
            settings for legacy/x.json
              config       .inbox-inspector.json  (nearest from the file's folder up to the repository root .)
              sdk          7.0                    (override "legacy/**" in .inbox-inspector.json)
              minSdk       none                   (default)
              select       ALL                    (default)
              ignore       IK204                  (config file .inbox-inspector.json)
              ignore       IK9                    (command line --ignore)
              severity     IK105: info            (override "legacy/**" in .inbox-inspector.json)
              failOn       warning                (config file .inbox-inspector.json)
              maxWarnings  3                      (command line --max-warnings)
            failOn and maxWarnings apply to the whole run: from .inbox-inspector.json, found from the working directory

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.root + "/legacy"), "the path need not exist")
        let stdin = sandbox.run(["validate", "--show-settings", "--stdin-filename", "legacy/y.json", "--sdk", "7.1"])
        XCTAssertTrue(stdin.out.contains("sdk          7.1 "), stdin.out)
        XCTAssertTrue(stdin.out.contains("(command line --sdk)"), stdin.out)
    }

    func testStdinFilenameFindsItsConfigAndSettings() {
        let sandbox = Sandbox()
        sandbox.write("campaigns/.inbox-inspector.json", #"{"select": ["IK104"], "exclude": ["drafts"]}"#)
        let named = sandbox.run(["validate", "--format", "json", "--stdin-filename", "campaigns/a.json"], stdin: Sandbox.payload)
        XCTAssertEqual(Sandbox.findings(named), ["campaigns/a.json IK104 warning"])
        let unnamed = sandbox.run(["validate", "--format", "json", "-"], stdin: Sandbox.payload)
        XCTAssertTrue(Sandbox.findings(unnamed).contains("- IK102 error"), "without a name: the working directory's config (none)")
        let excluded = sandbox.run(["validate", "--stdin-filename", "campaigns/drafts/a.json"], stdin: Sandbox.payload)
        XCTAssertEqual(excluded.status, 2)
        XCTAssertTrue(excluded.err.contains("no input: every input is excluded"), excluded.err)
    }

    func testTheConfigCannotSwitchOffSyntaxErrors() {
        let sandbox = Sandbox()
        sandbox.write("broken.json", #"{"content": "x",}"#)
        sandbox.write(".inbox-inspector.json", #"{"severity": {"ALL": "info"}, "select": ["IK9"]}"#)
        let result = sandbox.run(["validate", "--format", "json", "broken.json"])
        XCTAssertEqual(Sandbox.findings(result), ["broken.json IK001 error"])
        XCTAssertEqual(result.status, 1)
        sandbox.write(".inbox-inspector.json", #"{"severity": {"IK005": "warning"}}"#)
        let downgraded = sandbox.run(["validate", "broken.json"])
        XCTAssertEqual(downgraded.status, 2)
        XCTAssertEqual(downgraded.err, "inbox-inspector: .inbox-inspector.json:1:24: "
                       + "IK005 cannot be lowered below error: a file that is not readable JSON cannot pass the gate\n")
    }
}
