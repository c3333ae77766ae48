import Foundation
@testable import InboxCLI

/// A temporary folder tree for tests of walking and config search, and runs of the CLI
/// inside it. A `.git` folder at its root (unless `repository` is false) makes it a
/// repository, so config searches stop there and never reach configs above.
struct Sandbox {
    let root: String

    init(repository: Bool = true) {
        root = testRunDirectory.appendingPathComponent("sandbox-\(UUID().uuidString.prefix(8))").path
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        if repository { try? FileManager.default.createDirectory(atPath: root + "/.git/info", withIntermediateDirectories: true) }
    }

    static let payload = #"{"ios_title": "Hi", "content": "x", "inbox_days": 45, "platforms": [3]}"#

    /// Writes `text` at `path` (relative to the root), creating folders.
    func write(_ path: String, _ text: String = Sandbox.payload) {
        let full = root + "/" + path
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
    }

    /// Runs the CLI with `directory` (relative to the root) as the working directory.
    func run(_ arguments: [String], in directory: String = ".", stdin: String? = nil,
             environment: [String: String] = [:]) -> RunResult {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(root + "/" + directory)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        let console = Console.capturing(stdin: Array((stdin ?? "").utf8), environment: environment)
        let status = CLI.run(arguments, console: console)
        console.out.flush()
        console.err.flush()
        return RunResult(status: status, out: console.out.capturedText, err: console.err.capturedText)
    }

    /// The sources of a `--format json` run's findings, sorted and unique.
    static func sources(_ result: RunResult) -> [String] {
        Set((jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? String }).sorted()
    }

    /// The findings of a `--format json` run as `source code severity`.
    static func findings(_ result: RunResult) -> [String] {
        (jsonObject(result.out)["diagnostics"] as? [[String: Any]] ?? []).map {
            "\($0["source"] as? String ?? "") \($0["code"] as? String ?? "") \($0["severity"] as? String ?? "")"
        }
    }
}
