import Foundation
import XCTest
@testable import InboxCLI

/// Every file in Examples/ has its expected output checked in under Tests/Goldens/<command>/.
/// `make goldens` (UPDATE_GOLDENS=1) rewrites them after a deliberate change.
final class GoldenTests: XCTestCase {
    /// The outputs kept for each example: command and format. Every example has its text
    /// and JSON outputs; the CI formats (large, and the same renderer over the same list)
    /// are kept for the campaigns and the broken file only.
    static let outputs: [(command: String, format: String, fileExtension: String, onlyFor: [String]?)] = [
        ("resolve", "text", "txt", nil), ("resolve", "json", "json", nil),
        ("validate", "text", "txt", nil), ("validate", "json", "json", nil),
        ("buttons", "text", "txt", nil), ("buttons", "json", "json", nil),
        ("stories", "text", "txt", nil), ("stories", "json", "json", nil),
        ("validate", "github", "github.txt", ciExamples), ("validate", "sarif", "sarif.json", ciExamples),
        ("validate", "junit", "junit.xml", ciExamples),
        ("validate", "diff", "diff", diffExamples), ("validate", "unsafe-diff", "unsafe.diff", diffExamples),
    ]
    static let ciExamples = ["campaigns/", "broken.json"]
    /// The campaigns whose `validate --diff` (and with `--unsafe-fixes`) is kept.
    static let diffExamples = ["campaigns/black-friday.json", "campaigns/marketer-mistakes.json"]

    /// The command-line words that ask for `format`: the fix diffs are options of their own.
    static func formatArguments(_ format: String) -> [String] {
        switch format {
        case "diff": return ["--diff"]
        case "unsafe-diff": return ["--diff", "--unsafe-fixes"]
        default: return ["--format", format]
        }
    }

    static func examples() -> [String] {
        let examples = repositoryRoot.appendingPathComponent("Examples")
        guard let enumerator = FileManager.default.enumerator(atPath: examples.path) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { ["json", "jsonl", "ndjson"].contains(($0 as NSString).pathExtension) }
            .sorted()
    }

    func testEveryExampleMatchesItsGoldens() throws {
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1"
        let examples = Self.examples()
        XCTAssertGreaterThanOrEqual(examples.count, 7)
        var expectedGoldens = Set<String>()
        for example in examples {
            for output in Self.outputs where output.onlyFor.map({ $0.contains { example.hasPrefix($0) } }) ?? true {
                let relative = "\(output.command)/\(example).\(output.fileExtension)"
                expectedGoldens.insert(relative)
                let golden = repositoryRoot.appendingPathComponent("Tests/Goldens/\(relative)")
                let result = runCLI([output.command] + Self.formatArguments(output.format)
                                    + ["--color", "never", "Examples/\(example)"])
                XCTAssertTrue(result.status <= 1, "\(relative): exit \(result.status) \(result.err)")
                // SARIF names the working directory (`originalUriBaseIds`): the same golden wherever the
                // repository is checked out.
                let actual = result.out.replacingOccurrences(of: "file://" + ValidateSARIF.uri(repositoryRoot.path + "/"),
                                                             with: "file:///REPOSITORY/")
                if update {
                    try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(),
                                                            withIntermediateDirectories: true)
                    try actual.write(to: golden, atomically: true, encoding: .utf8)
                    continue
                }
                let expected = try? String(contentsOf: golden, encoding: .utf8)
                XCTAssertEqual(actual, expected ?? "<missing golden \(relative); run make goldens>", relative)
            }
        }
        // A golden without its example is stale.
        let goldens = repositoryRoot.appendingPathComponent("Tests/Goldens")
        let present = (FileManager.default.enumerator(atPath: goldens.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".txt") || $0.hasSuffix(".json") || $0.hasSuffix(".xml") || $0.hasSuffix(".diff") }
        for stale in Set(present).subtracting(expectedGoldens) where !update {
            XCTFail("golden without an example: Tests/Goldens/\(stale)")
        }
    }
}
