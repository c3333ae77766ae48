import Foundation
import InboxModel
import XCTest
@testable import InboxCLI

/// Inputs `make fuzz-input` found breaking a contract of the input layer, kept as they
/// were found (Tests/FuzzCrashes/input-*: the first byte picks the chunk size and depth
/// limit, as in Fuzz/FuzzInputTarget.swift; the rest is the file). Each is checked
/// against the contracts the fuzzer checks.
final class FuzzInputRegressionTests: XCTestCase {
    private static let chunks = [1, 2, 3, 5, 16, 64, 1 << 16]

    func testEveryInputFoundByTheFuzzerKeepsTheContracts() throws {
        let directory = FuzzRegressionTests.directory
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("input-") }
        XCTAssertFalse(files.isEmpty)
        for file in files.sorted() {
            let data = try [UInt8](Data(contentsOf: directory.appendingPathComponent(file)))
            guard let control = data.first.map(Int.init) else { continue }
            let bytes = Array(data.dropFirst())
            let maxDepth = control & 0x80 != 0 ? 6 : 512
            assertLocatedAsWhole(bytes, chunk: Self.chunks[control % Self.chunks.count], maxDepth: maxDepth, file)
        }
    }

    /// Found by the fuzzer: a number element such as `-` is broken at the byte after it
    /// (expected a digit after '-' but found a line break); the splitter took the
    /// element's own last byte as the latest place of the problem and read the file whole.
    func testNumberElementBrokenAtTheByteThatEndsIt() {
        for text in ["[\n-\n]", "[1, -\n]", "[{}, 1.\n]", "[2e,3]", "[tru ]", "{\"request\": {\"notifications\": [-]}}"] {
            for chunk in Self.chunks {
                assertLocatedAsWhole(Array(text.utf8), chunk: chunk, maxDepth: 512, text)
            }
        }
    }

    private func assertLocatedAsWhole(_ bytes: [UInt8], chunk: Int, maxDepth: Int, _ name: String,
                                      file: StaticString = #filePath, line: UInt = #line) {
        let whole = Inspector(options: InspectionOptions(maxDepth: maxDepth)).inspect(bytes, source: "f.json").parseIssue
        let outcome = BatchSplitter.scan(bytes, chunk: chunk, maxDepth: maxDepth, checking: true)
        XCTAssertFalse(outcome.inconsistent, name, file: file, line: line)
        XCTAssertEqual(outcome.failure, BatchSplitter.scan(bytes, maxDepth: maxDepth, checking: true).failure,
                       name, file: file, line: line)
        if let failure = outcome.failure {
            XCTAssertEqual(failure, whole, name, file: file, line: line)
        } else if whole != nil {
            XCTAssertNil(outcome.kind, "a broken batch not located: \(name)", file: file, line: line)
        }
    }
}
