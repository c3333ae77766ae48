import Foundation
import XCTest
@testable import InboxCLI
import InboxModel

/// `validate --fix`, `--diff` and `--unsafe-fixes` through the command line.
final class FixCommandTests: XCTestCase {
    private func codes(_ path: String, profile: SDKProfile) -> [String] {
        let result = runCLI(["validate", "--format", "json", "--fail-on", "info", "--sdk", profile.name, path])
        return (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    private func contents(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// Each rule's fix example: fixed to exactly its `after`, the finding gone, no other
    /// finding new, a second `--fix` changes nothing, and the result parses.
    func testEveryRuleFixExampleIsFixed() throws {
        var fixable = 0
        for rule in RuleCatalogue.all {
            guard let fix = rule.description.fix else { continue }
            fixable += 1
            let code = rule.description.code
            let example = fix.before
            let path = temporaryFile("fix.json", example.payload)
            let before = codes(path, profile: example.profile)
            XCTAssertTrue(before.contains(code), "\(code): its fix example does not trigger it")
            let unsafe = fix.safety == .unsafe ? ["--unsafe-fixes"] : []
            let run = runCLI(["validate", "--fix", "--sdk", example.profile.name] + unsafe + [path])
            XCTAssertNotEqual(run.status, 2, "\(code): \(run.err)")
            XCTAssertEqual(contents(path), fix.after, "\(code): fixed text")
            let after = codes(path, profile: example.profile)
            XCTAssertFalse(after.contains(code), "\(code): still reported after the fix")
            // A document that does not parse has no other findings until it does.
            if before != ["IK001"] {
                XCTAssertTrue(Set(after).isSubset(of: Set(before)), "\(code): new findings \(Set(after).subtracting(before))")
            }
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(fix.after.utf8)), code)
            let again = runCLI(["validate", "--diff", "--sdk", example.profile.name] + unsafe + [path])
            XCTAssertEqual(again.status, 0, "\(code): a second fix would change \(again.out)")
            XCTAssertEqual(again.out, "", code)
        }
        XCTAssertGreaterThanOrEqual(fixable, 12)
    }

    func testUnsafeFixesAreAppliedOnlyWhenAsked() throws {
        let fix = try XCTUnwrap(UnknownDisplayType().description.fix)
        XCTAssertEqual(fix.safety, .unsafe)
        let path = temporaryFile("typo.json", fix.before.payload)
        _ = runCLI(["validate", "--fix", path])
        XCTAssertEqual(contents(path), fix.before.payload)
        _ = runCLI(["validate", "--fix", "--unsafe-fixes", path])
        XCTAssertEqual(contents(path), fix.after)
    }

    func testUnsafeFixesAloneIsAUsageError() {
        let result = runCLI(["validate", "--unsafe-fixes", temporaryFile("x.json", "{}")])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("--unsafe-fixes needs --fix or --diff"), result.err)
    }

    func testDiffPrintsTheChangesAndWritesNothing() {
        let payload = #"{"ios_title": "Terms", "content": "Read", "inbox_days": 3, "data": {"pinned": "true"}}"# + "\n"
        let path = temporaryFile("pin.json", payload)
        let result = runCLI(["validate", "--diff", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, """
            --- \(path)
            +++ \(path)
            @@ -1 +1 @@
            -{"ios_title": "Terms", "content": "Read", "inbox_days": 3, "data": {"pinned": "true"}}
            +{"ios_title": "Terms", "content": "Read", "inbox_days": 3, "data": {"pinned": true}}

            """)
        XCTAssertTrue(result.err.contains("Would fix 1 finding."), result.err)
        XCTAssertEqual(contents(path), payload)
        let clean = runCLI(["validate", "--diff", temporaryFile("ok.json", #"{"ios_title": "a", "content": "b", "inbox_days": 3}"#)])
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.out, "")
    }

    /// A control character in a payload string reaches a terminal as a space, a pipe as it is.
    func testDiffOnATerminalShowsNoControlCharacters() {
        let path = temporaryFile("csi.json", "{\"ios_title\": \"Hi \u{9B}31m\", \"content\": \"x\", \"inbox_days\": 3, \"pinned\": \"true\"}")
        let terminal = runCLI(["validate", "--diff", "--color", "never", path], terminal: true)
        XCTAssertFalse(terminal.out.contains("\u{9B}"))
        XCTAssertTrue(terminal.out.contains("Hi \\u009b31m"), terminal.out) // made visible, as all text output does
        XCTAssertTrue(runCLI(["validate", "--diff", path]).out.contains("Hi \u{9B}31m"))
    }

    func testFixReportsWhatItFixedAndWhatRemains() {
        let path = temporaryFile("two.json", #"{"ios_title": "Sale", "content": "Now", "inbox_days": 3, "pinned": "true", "inbox_image": "cdn.example.com/a.png"}"#)
        let result = runCLI(["validate", "--fix", path])
        XCTAssertEqual(contents(path), #"{"ios_title": "Sale", "content": "Now", "inbox_days": 3, "inbox_image": "cdn.example.com/a.png", "data": {"pinned": true}}"#)
        // IK107 moved pinned, IK701 unquoted it; the URL without a scheme (IK301, unsafe) remains.
        XCTAssertTrue(result.out.contains("2 fixed, 2 remaining"), result.out) // IK301 and IK204 (info)
        XCTAssertTrue(result.out.contains("IK301"), result.out)
        XCTAssertEqual(result.status, 0) // a warning is below --fail-on error
        let json = runCLI(["validate", "--fix", "--unsafe-fixes", "--format", "json", path])
        XCTAssertEqual((jsonObject(json.out)["summary"] as? [String: Any])?["fixed"] as? Int, 1)
    }

    func testStandardInputIsFixedToStandardOutput() {
        let result = runCLI(["validate", "--fix", "-"], stdin: #"{"ios_title": "Hi", "content": "x", "inbox_days": 3, "data": {"pinned": "1"}}"#)
        XCTAssertEqual(result.out, #"{"ios_title": "Hi", "content": "x", "inbox_days": 3, "data": {"pinned": true}}"#)
        XCTAssertTrue(result.err.contains("1 finding fixed, 0 remaining"), result.err)
        XCTAssertEqual(result.status, 0)
        let failing = runCLI(["validate", "--fix"], stdin: #"{"ios_title": "Hi", "content": "x", "inbox_days": 45}"#)
        XCTAssertEqual(failing.out, #"{"ios_title": "Hi", "content": "x", "inbox_days": 45}"#)
        XCTAssertEqual(failing.status, 1) // IK102 is an error, and its fix is unsafe
    }

    func testNDJSONLinesAreFixedEachOnTheirOwn() {
        let lines = #"{"ios_title": "A", "content": "x", "inbox_days": 3, "data": {"pinned": "true"}}"# + "\r\n"
            + "\n" + #"{"ios_title": "B", "content": "y", "inbox_days": 3}"# + "\r\n"
            + #"{"ios_title": "C", "content": "z", "inbox_days": 3, "data": {"pinned": "false"}}"#
        let path = temporaryFile("feed.ndjson", lines)
        _ = runCLI(["validate", "--fix", path])
        XCTAssertEqual(contents(path), lines.replacingOccurrences(of: #""true""#, with: "true")
                                            .replacingOccurrences(of: #""false""#, with: "false"))
    }

    /// A syntax error: only a trailing comma is fixed, and nothing else in that run.
    func testSyntaxErrorGetsOnlyTheTrailingCommaFix() {
        let path = temporaryFile("comma.json", "{\n  \"ios_title\": \"Hi\",\n  \"content\": \"x\",\n  \"inbox_days\": 3,\n  \"data\": {\"pinned\": \"true\",},\n}\n")
        let result = runCLI(["validate", "--fix", path])
        XCTAssertEqual(contents(path), "{\n  \"ios_title\": \"Hi\",\n  \"content\": \"x\",\n  \"inbox_days\": 3,\n  \"data\": {\"pinned\": \"true\"}\n}\n")
        XCTAssertTrue(result.out.contains("IK701"), result.out)
    }

    func testFileThatWouldNotParseIsNotWritten() {
        let broken = "{\"ios_title\": \"Hi\", \"content\": \"x\",, \"inbox_days\": 3,}"
        let path = temporaryFile("broken.json", broken)
        let result = runCLI(["validate", "--fix", path])
        XCTAssertEqual(contents(path), broken)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.contains("0 fixed"), result.out)
    }

    func testByteOrderMarkLineEndingsAndPermissionsAreKept() throws {
        let text = "\u{FEFF}{\r\n\t\"ios_title\": \"Hi\",\r\n\t\"content\": \"x\\u00e9\",\r\n\t\"inbox_days\": 3.0,\r\n\t\"pinned\": \"true\"\r\n}\r\n"
        let path = temporaryFile("bom.json", text)
        XCTAssertEqual(chmod(path, 0o640), 0)
        _ = runCLI(["validate", "--fix", path])
        // Compared as bytes: reading a `String` drops the byte order mark.
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("\u{FEFF}{\r\n\t\"ios_title\": \"Hi\",\r\n\t\"content\": \"x\\u00e9\",\r\n\t\"inbox_days\": 3.0,\r\n\t\"data\": {\"pinned\": true}\r\n}\r\n".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640)
    }

    func testFixesInsideAJSONStringAreEscapedIntoIt() {
        let path = temporaryFile("u.json", #"{"aps": {"alert": "Hi"}, "u": "{\"pinned\": \"true\", \"note\": \"caf\\u00e9 \\\"x\\\"\"}"}"#)
        _ = runCLI(["validate", "--fix", path])
        XCTAssertEqual(contents(path), #"{"aps": {"alert": "Hi"}, "u": "{\"pinned\": true, \"note\": \"caf\\u00e9 \\\"x\\\"\"}"}"#)
    }

    /// A failed write leaves the old file whole and no temporary file behind.
    func testFailedWriteLeavesTheOldFile() throws {
        for step in [AtomicFile.Step.write, .rename] {
            let path = temporaryFile("keep.json", "old")
            let folder = (path as NSString).deletingLastPathComponent
            XCTAssertThrowsError(try AtomicFile.write(Array("new".utf8), to: path, failing: step))
            XCTAssertEqual(contents(path), "old")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["keep.json"])
        }
        let path = temporaryFile("keep.json", "old")
        try AtomicFile.write(Array("new".utf8), to: path)
        XCTAssertEqual(contents(path), "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent),
                       ["keep.json"])
    }

    /// A write that fails at either step: reported, the file and its folder as they were,
    /// the findings of the unchanged file shown, exit code 2.
    func testFailedWriteThroughTheCommandLine() throws {
        for step in ["write", "rename"] {
            let payload = #"{"ios_title": "Hi", "content": "x", "inbox_days": 3, "data": {"pinned": "true"}}"#
            let path = temporaryFile("fail.json", payload)
            let result = runCLI(["validate", "--fix", path], environment: [AtomicFile.failureVariable: step])
            XCTAssertEqual(result.status, 2, step)
            XCTAssertTrue(result.err.contains("cannot write '\(path)'"), result.err)
            XCTAssertEqual(contents(path), payload, step)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent),
                           ["fail.json"], step)
            XCTAssertTrue(result.out.contains("IK701"), result.out)
            XCTAssertTrue(result.out.contains("0 fixed"), result.out)
        }
    }

    func testOnlySelectedRulesFix() {
        let payload = #"{"ios_title": "Hi", "content": "x", "inbox_days": 3, "data": {"pinned": "true"}}"#
        let path = temporaryFile("ignored.json", payload)
        _ = runCLI(["validate", "--fix", "--ignore", "IK701", path])
        XCTAssertEqual(contents(path), payload)
    }

    /// Root fixing another user's file leaves it theirs.
    func testOwnerIsKept() throws {
        try XCTSkipIf(getuid() != 0, "only root gives a file away")
        let path = temporaryFile("owned.json", #"{"ios_title": "Hi", "content": "x", "inbox_days": 3, "data": {"pinned": "true"}}"#)
        XCTAssertEqual(chown(path, 1234, 5678), 0)
        _ = runCLI(["validate", "--fix", path])
        XCTAssertTrue(contents(path).contains(#""pinned": true"#))
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_uid, 1234)
        XCTAssertEqual(info.st_gid, 5678)
    }

    /// A folder the tool may not write to: the file is reported, kept, and the exit code is 2.
    func testUnwritableFolderIsReported() throws {
        try XCTSkipIf(getuid() == 0, "root writes to read-only folders")
        let path = temporaryFile("ro.json", #"{"ios_title": "Hi", "content": "x", "inbox_days": 3, "data": {"pinned": "true"}}"#)
        let folder = (path as NSString).deletingLastPathComponent
        XCTAssertEqual(chmod(folder, 0o555), 0)
        defer { chmod(folder, 0o755) }
        let result = runCLI(["validate", "--fix", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("cannot write"), result.err)
        XCTAssertTrue(contents(path).contains(#""true""#))
    }
}
