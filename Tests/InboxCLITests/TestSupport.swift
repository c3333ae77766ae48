import Foundation
import XCTest
@testable import InboxCLI

/// The repository root, found from this file's path, so tests read Examples/ and
/// goldens wherever the package is checked out.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// What one in-process invocation produced.
struct RunResult {
    var status: Int32
    var out: String
    var err: String
}

/// Runs the CLI in-process with captured output, from the repository root so sources
/// read `Examples/…` as in the README.
func runCLI(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
            terminal: Bool = false) -> RunResult {
    FileManager.default.changeCurrentDirectoryPath(repositoryRoot.path)
    let console = Console.capturing(stdin: stdin.map { Array($0.utf8) }, environment: environment, terminal: terminal)
    let status = CLI.run(arguments, console: console)
    console.out.flush()
    console.err.flush()
    return RunResult(status: status, out: console.out.capturedText, err: console.err.capturedText)
}

/// Writes a temporary file and returns its path.
func temporaryFile(_ name: String, _ contents: String) -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ii-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    FileManager.default.createFile(atPath: url.path, contents: Data(contents.utf8))
    return url.path
}

/// Parses output that must be JSON (with Foundation: the test checks our writer, not our parser).
func jsonObject(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
    guard let data = text.data(using: .utf8),
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        XCTFail("not a JSON object: \(text.prefix(300))", file: file, line: line)
        return [:]
    }
    return object
}
