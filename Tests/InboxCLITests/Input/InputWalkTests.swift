import Foundation
import XCTest
@testable import InboxCLI

/// Which files a directory walk reads: .gitignore rules as git applies them, dependency
/// folders, `.apns` pushes, names that are not UTF-8, dangling links and globs.
final class InputWalkTests: XCTestCase {
    private func walked(_ sandbox: Sandbox, _ arguments: [String] = ["."], in directory: String = ".") -> [String] {
        let result = sandbox.run(["validate", "--format", "json"] + arguments, in: directory)
        XCTAssertNotEqual(result.status, 2, result.err)
        return Sandbox.sources(result)
    }

    func testGitignoreRulesAsGitReadsThem() {
        let sandbox = Sandbox()
        for path in ["a.json", "b.json", "build/o.json", "src/build/p.json", "src/build.json", "top.json", "src/top.json",
                     "logs/x.json", "logs/keep.json", "deep/q/x.draft.json", "deep/q/y.json", "deep/q/r/z.json",
                     "sp ace.json", "hash#.json", "!bang.json", "docs/a/b/c.json", "docs/c.json"] {
            sandbox.write(path)
        }
        sandbox.write(".gitignore", """
            # a comment, then a blank line

            build/
            /top.json
            logs/*
            !logs/keep.json
            *.draft.json
            sp ace.json\\u{20}\\u{20}
            \\#hash.json
            hash#.json
            \\!bang.json
            docs/**/c.json

            """.replacingOccurrences(of: "\\u{20}", with: " "))
        sandbox.write(".git/info/exclude", "b.json\n")
        sandbox.write("deep/.gitignore", "q/r\n")
        XCTAssertEqual(walked(sandbox), ["./a.json", "./deep/q/y.json", "./src/build.json", "./src/top.json", "./logs/keep.json"]
            .sorted(), "build/ is a folder anywhere; /top.json only at the root; a nested file anchors at its folder")
        XCTAssertEqual(walked(sandbox, ["--no-ignore", "."]).count, 17)
    }

    /// Lines are looked up by name, by extension or in order; the last matching line
    /// still decides whichever way it was found.
    func testTheLastMatchingLineDecides() {
        let sandbox = Sandbox()
        for name in ["a.json", "b.json", "c.draft.json", "d.json", "e.json"] { sandbox.write("x/" + name) }
        sandbox.write(".gitignore", "a.json\n!*.json\nb.json\n*.draft.json\n!c.draft.json\nx/d.*\n!x/d.json\nx/?.json\n!x/e.*\n")
        XCTAssertEqual(walked(sandbox), ["./x/c.draft.json", "./x/e.json"])
    }

    func testAWalkBelowTheRootUsesTheRootsIgnoreFiles() {
        let sandbox = Sandbox()
        sandbox.write("campaigns/q1/a.json")
        sandbox.write("campaigns/q1/old/b.json")
        sandbox.write("campaigns/q1/c.json")
        sandbox.write(".gitignore", "old/\n")
        sandbox.write("campaigns/.gitignore", "/q1/c.json\n")
        XCTAssertEqual(walked(sandbox, ["q1"], in: "campaigns"), ["q1/a.json"])
        XCTAssertEqual(walked(sandbox, ["."], in: "campaigns/q1"), ["./a.json"])
    }

    func testNegationCannotReincludeInsideAnIgnoredFolder() {
        let sandbox = Sandbox()
        sandbox.write("gen/keep.json")
        sandbox.write("gen2/keep.json")
        sandbox.write("gen2/drop.json")
        sandbox.write(".gitignore", "gen/\n!gen/keep.json\ngen2/**\n!gen2/keep.json\n")
        XCTAssertEqual(walked(sandbox), ["./gen2/keep.json"], "gen/ is not entered; gen2/** leaves gen2 itself walkable")
    }

    func testGitignoreOutsideARepositoryIsNotRead() {
        let sandbox = Sandbox(repository: false)
        sandbox.write("a.json")
        sandbox.write(".gitignore", "a.json\n")
        XCTAssertEqual(walked(sandbox), ["./a.json"], "as ripgrep: ignore files apply inside a git repository")
    }

    func testDependencyFoldersAreSkippedUnlessNamed() {
        let sandbox = Sandbox()
        for folder in ["node_modules/pkg", "Pods/X", "Carthage/Build", "DerivedData/Y", "bower_components/z", "campaigns"] {
            sandbox.write(folder + "/a.json")
        }
        XCTAssertEqual(walked(sandbox), ["./campaigns/a.json"])
        XCTAssertEqual(walked(sandbox, ["--no-ignore", "."]).count, 6)
        XCTAssertEqual(walked(sandbox, ["node_modules"]), ["node_modules/pkg/a.json"], "a folder named is read")
    }

    func testSimulatorApnsFilesArePushes() {
        let sandbox = Sandbox()
        sandbox.write("Push/welcome.apns", """
            {"Simulator Target Bundle": "com.example.app",
             "aps": {"alert": {"title": "Welcome", "body": "Hello"}, "mutable-content": 1}}
            """)
        sandbox.write("Push/notes.txt", "not read")
        let result = sandbox.run(["resolve", "--format", "json", "Push"])
        XCTAssertEqual(result.status, 0, result.err)
        let message = (jsonObject(result.out)["messages"] as? [[String: Any]])?.first
        XCTAssertEqual(message?["shape"] as? String, "push")
        XCTAssertEqual(message?["title"] as? String, "Welcome")
        let walk = sandbox.run(["validate", "--format", "json", "Push"])
        XCTAssertEqual((jsonObject(walk.out)["summary"] as? [String: Any])?["files"] as? Int, 1, "the .txt is not read")
    }

    func testNamesThatAreNotUTF8AreReadAndShownEscaped() throws {
        let sandbox = Sandbox()
        let bytes: [UInt8] = Array((sandbox.root + "/caf").utf8) + [0xE9] + Array(".json".utf8)
        let descriptor = open(PathBytes.cString(bytes), O_WRONLY | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        _ = Sandbox.payload.withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)
        let result = sandbox.run(["validate", "--format", "json", "."])
        XCTAssertNotEqual(result.status, 2, result.err)
        XCTAssertEqual(Sandbox.sources(result), ["./caf\\xE9.json"])
        XCTAssertEqual((jsonObject(result.out)["summary"] as? [String: Any])?["files"] as? Int, 1)
    }

    func testADanglingLinkToAPayloadIsReported() {
        let sandbox = Sandbox()
        sandbox.write("a.json")
        XCTAssertEqual(symlink("gone.json", sandbox.root + "/broken.json"), 0)
        XCTAssertEqual(symlink("gone", sandbox.root + "/other"), 0)
        let result = sandbox.run(["validate", "--format", "json", "."])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.err, "inbox-inspector: cannot read './broken.json': dangling symbolic link\n",
                       "a link that is not named like a payload is passed over")
        XCTAssertEqual(Sandbox.sources(result), ["./a.json"], "the other files are still checked")
    }

    func testAQuotedGlobIsExpanded() {
        let sandbox = Sandbox()
        sandbox.write("campaigns/a.json")
        sandbox.write("campaigns/x/b.json")
        sandbox.write("campaigns/c.txt")
        XCTAssertEqual(walked(sandbox, ["campaigns/*.json"]), ["campaigns/a.json"])
        XCTAssertEqual(walked(sandbox, ["campaigns/**/*.json"]), ["campaigns/a.json", "campaigns/x/b.json"])
        XCTAssertEqual(walked(sandbox, ["*/x/*"]), ["campaigns/x/b.json"])
        let none = sandbox.run(["validate", "campaigns/*.jsn"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.out.contains("✗ fails: 1 path could not be read (see above)"), none.out)
        XCTAssertEqual(none.err, "inbox-inspector: no input in 'campaigns/*.jsn': no file matches this pattern "
                       + "(--allow-empty accepts this)\n")
    }

    func testAFolderReachedTwiceIsNotAnEmptySearch() {
        let sandbox = Sandbox()
        sandbox.write("campaigns/q1/a.json")
        let result = sandbox.run(["validate", "--format", "json", "campaigns", "campaigns/q1", "campaigns"])
        XCTAssertNotEqual(result.status, 2, result.err)
        XCTAssertEqual(Sandbox.sources(result), ["campaigns/q1/a.json"])
    }

    func testNoInputIsAnErrorForEveryCommand() {
        let sandbox = Sandbox()
        sandbox.write("empty/readme.txt", "no payloads here")
        sandbox.write("ignored/a.json")
        sandbox.write("only/gen/a.json")
        sandbox.write(".gitignore", "ignored/\ngen/\n")
        for command in ["validate", "resolve", "buttons", "stories"] {
            let result = sandbox.run([command, "empty"])
            XCTAssertEqual(result.status, 2, command)
            XCTAssertEqual(result.err, "inbox-inspector: no input in 'empty': no *.json, *.jsonl, *.ndjson or *.apns file "
                           + "in it (hidden entries skipped) (--allow-empty accepts this)\n", command)
            let allowed = sandbox.run([command, "--allow-empty", "empty"])
            XCTAssertEqual(allowed.status, 0, "\(command): \(allowed.err)")
            XCTAssertEqual(allowed.err, "")
        }
        let ignored = sandbox.run(["validate", "only"])
        XCTAssertEqual(ignored.err, "inbox-inspector: no input in 'only': no *.json, *.jsonl, *.ndjson or *.apns file in it "
                       + "(hidden entries skipped); 1 skipped by .gitignore or as dependency folders (--no-ignore reads "
                       + "them) (--allow-empty accepts this)\n")
        let oneEmpty = sandbox.run(["validate", "--format", "json", "ignored/a.json", "empty"])
        XCTAssertEqual(oneEmpty.status, 2, "each folder given must hold something, as eslint's patterns must")
        XCTAssertEqual(Sandbox.sources(oneEmpty), ["ignored/a.json"], "a file named is read even if .gitignore lists it")
    }
}
