import Foundation
import XCTest

/// Every file in Examples/ has its expected output checked in under Tests/Goldens/<command>/.
/// `make goldens` (UPDATE_GOLDENS=1) rewrites them after a deliberate change.
final class GoldenTests: XCTestCase {
    /// The outputs kept for each example: command and format.
    static let outputs: [(command: String, format: String, fileExtension: String)] = [
        ("resolve", "text", "txt"), ("resolve", "json", "json"),
        ("validate", "text", "txt"), ("validate", "json", "json"),
        ("buttons", "text", "txt"), ("buttons", "json", "json"),
        ("stories", "text", "txt"), ("stories", "json", "json"),
        ("validate", "github", "github.txt"), ("validate", "sarif", "sarif.json"), ("validate", "junit", "junit.xml"),
    ]

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
            for output in Self.outputs {
                let relative = "\(output.command)/\(example).\(output.fileExtension)"
                expectedGoldens.insert(relative)
                let golden = repositoryRoot.appendingPathComponent("Tests/Goldens/\(relative)")
                let result = runCLI([output.command, "--format", output.format, "--color", "never", "Examples/\(example)"])
                XCTAssertTrue(result.status <= 1, "\(relative): exit \(result.status) \(result.err)")
                let actual = result.out
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
            .filter { $0.hasSuffix(".txt") || $0.hasSuffix(".json") || $0.hasSuffix(".xml") }
        for stale in Set(present).subtracting(expectedGoldens) where !update {
            XCTFail("golden without an example: Tests/Goldens/\(stale)")
        }
    }
}
