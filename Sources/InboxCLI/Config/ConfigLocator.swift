import Foundation
import InboxModel

/// A config file that was found and read.
struct ConfigFile {
    /// The path as shown in messages (relative to the working directory when found by search).
    var path: String
    var config: InspectorConfig
}

/// Finds and reads `.inbox-inspector.json`: the file given with `--config`, or the first
/// one found in the working directory or any directory above it (as git finds `.git`).
enum ConfigLocator {
    static let fileName = ".inbox-inspector.json"

    /// A config that cannot be used: exit code 2, with its own position when it has one.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// The config to use, or nil when there is none. `explicit` is `--config`.
    static func load(explicit: String?, from directory: String = FileManager.default.currentDirectoryPath) throws -> ConfigFile? {
        let path: String
        if let explicit {
            path = explicit
        } else if let found = find(from: directory) {
            path = found
        } else {
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file"
            throw Failure(message: "cannot read config '\(path)': \(reason)")
        }
        switch ConfigParser.parse(Array(data)) {
        case .success(let config): return ConfigFile(path: path, config: config)
        case .failure(let error): throw Failure(message: "\(path):\(error.line):\(error.column): \(error.message)")
        }
    }

    /// Searches `directory` and its ancestors; the result is relative to `directory`
    /// (`.inbox-inspector.json`, `../.inbox-inspector.json`, …).
    static func find(from directory: String) -> String? {
        var current = URL(fileURLWithPath: directory).standardizedFileURL
        var ups = 0
        while true {
            let candidate = current.appendingPathComponent(fileName).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return String(repeating: "../", count: ups) + fileName
            }
            let parent = current.deletingLastPathComponent().standardizedFileURL
            if parent.path == current.path { return nil }
            current = parent
            ups += 1
        }
    }
}
