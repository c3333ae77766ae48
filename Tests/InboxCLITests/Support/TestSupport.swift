import Foundation
import XCTest
@testable import InboxCLI

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

/// One directory for every temporary file of this test run, removed when the process
/// exits: a run writes hundreds of files, and the directories of each run were left behind.
let testRunDirectory: URL = {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ii-tests-\(getpid())-\(UUID().uuidString.prefix(8))")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    testRunDirectoryPath = strdup(directory.path)
    atexit {
        guard let path = testRunDirectoryPath else { return }
        try? FileManager.default.removeItem(atPath: String(cString: path))
    }
    return directory
}()

/// `testRunDirectory`'s path for the exit handler, which captures nothing.
nonisolated(unsafe) private var testRunDirectoryPath: UnsafeMutablePointer<CChar>?

private let temporaryNumbers = NSLock()
nonisolated(unsafe) private var lastTemporaryNumber = 0

/// A number used once per run, for a temporary directory's name.
private func nextTemporaryNumber() -> Int {
    temporaryNumbers.lock()
    defer { temporaryNumbers.unlock() }
    lastTemporaryNumber += 1
    return lastTemporaryNumber
}

/// Writes a temporary file and returns its path.
func temporaryFile(_ name: String, _ contents: String) -> String {
    // Short names: some tests check that text output (which shows the path) fits 80 columns.
    let directory = testRunDirectory.appendingPathComponent(String(nextTemporaryNumber()))
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
