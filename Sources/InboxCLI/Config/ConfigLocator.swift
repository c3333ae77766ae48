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
    /// `directory` defaults to the working directory.
    static func load(explicit: String?, from directory: String? = nil) throws -> ConfigFile? {
        let path: String
        if let explicit {
            path = explicit
        } else if let found = find(from: directory ?? workingDirectory()) {
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
    ///
    /// The path is taken apart as bytes (`.` and `..` resolved as `URL.standardizedFileURL`
    /// does, without following links) and each candidate is one `stat`: through Foundation's
    /// `URL` and `FileManager` the search cost 450 000 instructions at every start, a tenth
    /// of the start-up, for a file that is mostly not there.
    static func find(from directory: String) -> String? {
        var path = standardized(directory)
        let name = Array(("/" + fileName).utf8)
        var ups = 0
        while true {
            // `path` is "" for the root, else "/a/b"; the candidate is that, the name and a NUL.
            var candidate = path
            candidate.append(contentsOf: name)
            candidate.append(0)
            if isFile(candidate) {
                return String(repeating: "../", count: ups) + fileName
            }
            guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return nil }
            path.removeSubrange(slash...)
            ups += 1
        }
    }

    /// `directory` made absolute (against the working directory), as bytes: "" for the
    /// root, else `/` and a component, once per component, with `.` and empty components
    /// dropped and each `..` taking away the one before it.
    static func standardized(_ directory: String) -> [UInt8] {
        var source = Array(directory.utf8)
        if source.first != UInt8(ascii: "/") { source = Array(workingDirectory().utf8) + [UInt8(ascii: "/")] + source }
        var path: [UInt8] = []
        var start = 0
        while start <= source.count {
            var end = start
            while end < source.count, source[end] != UInt8(ascii: "/") { end += 1 }
            let component = source[start ..< end]
            let dots = component.allSatisfy { $0 == UInt8(ascii: ".") } ? component.count : 0
            if component.isEmpty || dots == 1 {
                // the same directory
            } else if dots == 2 {
                if let slash = path.lastIndex(of: UInt8(ascii: "/")) { path.removeSubrange(slash...) }
            } else {
                path.append(UInt8(ascii: "/"))
                path.append(contentsOf: component)
            }
            start = end + 1
        }
        return path
    }

    /// Whether the NUL-terminated `path` is there and is not a directory (links followed,
    /// as `FileManager.fileExists`).
    private static func isFile(_ path: [UInt8]) -> Bool {
        var status = stat()
        let found = path.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return false }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { stat($0, &status) == 0 }
        }
        return found && status.st_mode & S_IFMT != S_IFDIR
    }

    /// The working directory (`getcwd`), "/" if it cannot be read.
    static func workingDirectory() -> String {
        var size = 4096
        while true {
            var buffer = [CChar](repeating: 0, count: size)
            if getcwd(&buffer, size) != nil { return String(cString: buffer) }
            guard errno == ERANGE else { return "/" }
            size *= 2
        }
    }
}
