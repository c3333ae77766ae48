import Foundation
import InboxModel
import InboxCore

/// A config file that was found and read.
struct ConfigFile {
    /// The path as shown in messages (relative to the working directory when found by search).
    var path: String
    /// Its folder, absolute: `exclude` and `overrides` globs match paths relative to it.
    var folder: [[UInt8]]
    var config: InspectorConfig
}

/// Finds and reads `.inbox-inspector.json`: the file given with `--config`, or for each
/// input the nearest one in its folder or a folder above it, up to the repository's root
/// (the first folder holding `.git`), so a config outside the project never applies to it.
///
/// Outside any repository the search goes up to `/`; there a config above the starting
/// folder that cannot be read or parsed is skipped with a warning (it may belong to
/// someone else: `/tmp/.inbox-inspector.json`), not made a failure of every run.
/// Folders are searched once per invocation, however many inputs they hold.
struct ConfigLocator {
    static let fileName = ".inbox-inspector.json"

    /// A config that cannot be used: exit code 2, with its own position when it has one.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// Where a search for one folder ended.
    struct Found {
        var file: ConfigFile?
        /// The repository's root (absolute), where the search stopped; nil outside a repository.
        var repositoryRoot: [[UInt8]]?
    }

    /// The working directory, absolute, as components.
    let workingDirectory: [[UInt8]]
    /// `--config`: used for every input, no search.
    let explicit: ConfigFile?
    private var byFolder: [[[UInt8]]: Found] = [:]
    private var byPath: [[[UInt8]]: ConfigFile] = [:]
    /// Configs skipped (outside a repository and unreadable), for stderr.
    private(set) var warnings: [String] = []

    init(explicit path: String?) throws {
        workingDirectory = PathBytes.components(Array(Self.workingDirectory().utf8), workingDirectory: [])
        if let path {
            let absolute = PathBytes.components(Array(path.utf8), workingDirectory: PathBytes.join(workingDirectory))
            explicit = try Self.read(path, absolute: absolute)
        } else {
            explicit = nil
        }
    }

    /// The config of the working directory (the run's), or the `--config` file: for the
    /// commands that take only `sdk` from it.
    static func load(explicit: String?) throws -> ConfigFile? {
        var locator = try ConfigLocator(explicit: explicit)
        return try locator.config(for: locator.workingDirectory).file
    }

    /// The config that applies to files in `folder` (absolute components).
    mutating func config(for folder: [[UInt8]]) throws -> Found {
        if let explicit { return Found(file: explicit, repositoryRoot: nil) }
        if let known = byFolder[folder] { return known }
        let root = (0 ... folder.count).reversed().first { count in
            PathBytes.mode(PathBytes.cString(PathBytes.join(folder[..<count]) + Array("/.git".utf8))) != nil
        }
        var found = Found(file: nil, repositoryRoot: root.map { Array(folder[..<$0]) })
        for count in (0 ... folder.count).reversed() where count >= (root ?? 0) {
            let candidate = Array(folder[..<count]) + [Array(Self.fileName.utf8)]
            guard let mode = PathBytes.mode(PathBytes.cString(PathBytes.join(candidate))), mode != S_IFDIR else { continue }
            let shown = PathBytes.display(PathBytes.relative(candidate, from: workingDirectory))
            do {
                // A FIFO or a device would block or never end: only a regular file is read.
                guard mode == S_IFREG else { throw Failure(message: "cannot read config '\(shown)': it is not a regular file") }
                found.file = try byPath[candidate] ?? Self.read(shown, absolute: candidate)
                byPath[candidate] = found.file
                break
            } catch let failure as Failure where root == nil && count < folder.count {
                let warning = "skipped \(failure.message) (it is above the input's folder and outside any repository)"
                if !warnings.contains(warning) { warnings.append(warning) }
            }
        }
        byFolder[folder] = found
        return found
    }

    /// Reads and parses the config at `absolute`, shown as `path`.
    static func read(_ path: String, absolute: [[UInt8]]) throws -> ConfigFile {
        let descriptor = open(PathBytes.cString(PathBytes.join(absolute)), O_RDONLY)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "no such file" : "it cannot be read (\(String(cString: strerror(errno))))"
            throw Failure(message: "cannot read config '\(path)': \(reason)")
        }
        defer { close(descriptor) }
        let bytes: [UInt8]
        do {
            bytes = try DescriptorIO.readToEnd(descriptor)
        } catch {
            throw Failure(message: "cannot read config '\(path)': \(error.reason)")
        }
        switch ConfigParser.parse(bytes) {
        case .success(let config): return ConfigFile(path: path, folder: Array(absolute.dropLast()), config: config)
        case .failure(let error): throw Failure(message: "\(path):\(error.line):\(error.column): \(error.message)")
        }
    }

    /// The working directory (`getcwd`), "/" if it cannot be read.
    static func workingDirectory() -> String {
        var size = 4096
        while true {
            var buffer = [CChar](repeating: 0, count: size)
            if getcwd(&buffer, size) != nil { return String(decoding: PathBytes.bytes(buffer), as: UTF8.self) }
            guard errno == ERANGE else { return "/" }
            size *= 2
        }
    }
}
