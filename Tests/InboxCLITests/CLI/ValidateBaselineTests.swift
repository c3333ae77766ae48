import Foundation
import XCTest
@testable import InboxCLI

/// `--write-baseline` and `--baseline`: adopting the gate on files that already have findings.
final class ValidateBaselineTests: XCTestCase {
    private let twoMessages = """
        {"ios_title": "Hi", "content": "x", "inbox_days": 45}
        {"ios_title": "Yo", "content": "y", "inbox_days": 31}
        """

    private func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    func testAWrittenBaselineHidesTodaysFindingsOnly() {
        let file = temporaryFile("old.ndjson", twoMessages)
        let baseline = temporaryFile("baseline.json", "")
        let written = runCLI(["validate", "--write-baseline", baseline, file])
        XCTAssertEqual(written.status, 0, "recording is not failing")
        XCTAssertTrue(written.out.contains("IK102"), "the recorded findings are shown")
        let known = runCLI(["validate", "--baseline", baseline, "--format", "json", file])
        XCTAssertEqual(known.status, 0, known.out)
        XCTAssertEqual((jsonObject(known.out)["diagnostics"] as? [Any])?.count, 0)
        let text = runCLI(["validate", "--baseline", baseline, "--select", "IK102", file])
        XCTAssertTrue(text.out.contains("\n2 known findings (in the baseline) not shown\n"), text.out)
        // A new mistake in the same file is reported; the old ones stay hidden.
        try? (twoMessages + "\n{\"ios_title\": \"New\", \"content\": \"z\", \"inbox_days\": 99}")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let new = runCLI(["validate", "--baseline", baseline, "--format", "concise", "--select", "IK1", file])
        XCTAssertEqual(new.status, 1)
        XCTAssertEqual(new.out.split(separator: "\n").filter { $0.contains(": IK") }.map { $0.split(separator: " ")[1] },
                       ["IK102"])
        XCTAssertTrue(new.out.contains(":3:") && new.out.contains("inbox_days is 99"), new.out)
    }

    func testMatchingIgnoresLineNumbers() {
        let file = temporaryFile("moved.json", #"{"ios_title": "Hi", "content": "x", "inbox_days": 45}"#)
        let baseline = temporaryFile("baseline.json", "")
        XCTAssertEqual(runCLI(["validate", "--write-baseline", baseline, file]).status, 0)
        try? "\n\n\n{\n  \"ios_title\": \"Hi\",\n  \"content\": \"x\",\n  \"inbox_days\": 45\n}"
            .write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["validate", "--baseline", baseline, file]).status, 0, "moved, not new")
    }

    func testARepeatedKeyHidesOnlyAsManyAsRecorded() {
        let line = #"{"ios_title": "Hi", "content": "x", "inbox_days": 45}"#
        let file = temporaryFile("same.ndjson", line + "\n" + line)
        let baseline = temporaryFile("baseline.json", "")
        XCTAssertEqual(runCLI(["validate", "--write-baseline", baseline, "--select", "IK102", file]).status, 0)
        XCTAssertTrue(read(baseline).contains("\"count\": 2"), read(baseline))
        try? [line, line, line].joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let result = runCLI(["validate", "--baseline", baseline, "--select", "IK102", "--format", "concise", "--jobs", "3",
                             file])
        XCTAssertEqual(result.status, 1)
        let reported = result.out.split(separator: "\n").filter { $0.contains(": IK102") }
        XCTAssertEqual(reported.count, 1, "a third copy is new")
        XCTAssertTrue(reported.first?.contains(":3:") ?? false, "the first two in input order are the known ones")
    }

    func testTheFileIsStableAndSorted() throws {
        let file = temporaryFile("b.ndjson", twoMessages)
        let first = temporaryFile("one.json", ""), second = temporaryFile("two.json", "")
        _ = runCLI(["validate", "--write-baseline", first, "--jobs", "1", file])
        _ = runCLI(["validate", "--write-baseline", second, "--jobs", "4", file])
        XCTAssertEqual(read(first), read(second))
        let paths = SourcePath(root: "/repo/")
        XCTAssertEqual(["./a.json", "/repo/a.json", "a.json", ".//a.json"].map(paths.relative), Array(repeating: "a.json", count: 4))
        XCTAssertEqual(paths.relative("/elsewhere/a.json"), "/elsewhere/a.json")
        let object = jsonObject(read(first))
        XCTAssertEqual(object["version"] as? Int, 1)
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        let keys = findings.map { [$0["source"], $0["code"], $0["pointer"], $0["message"]].map { $0 as? String ?? "" } }
        XCTAssertEqual(keys, keys.sorted { $0.lexicographicallyPrecedes($1) })
        XCTAssertNil(findings.first { $0["line"] != nil }, "no line numbers")
    }

    func testABrokenBaselineIsAUsageError() {
        let file = temporaryFile("a.json", #"{"ios_title": "Hi", "content": "x", "inbox_days": 45}"#)
        let broken = runCLI(["validate", "--baseline", temporaryFile("b.json", #"{"findings": [{"code": 1}]}"#), file])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.err.contains("each finding needs source, code, pointer and message"), broken.err)
        let both = runCLI(["validate", "--baseline", temporaryFile("c.json", "{}"), "--write-baseline",
                           temporaryFile("d.json", ""), file])
        XCTAssertEqual(both.status, 2, "the new file would lose the known findings")
        let missing = runCLI(["validate", "--baseline", "/nonexistent-dir/b.json", file])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("cannot read baseline"), missing.err)
    }
}
