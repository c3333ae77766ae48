import Foundation
import InboxModel
import InboxCore

/// Expands the paths of an invocation into input files: files as given, directories
/// searched recursively for `*.json`, `*.jsonl`, `*.ndjson` and `*.apns` (sorted, hidden
/// entries skipped, symlink loops visited once), a path with `*`, `?` or `[` that names
/// nothing as a glob, `-` for standard input.
///
/// Inside a repository (a folder holding `.git`) a walk skips what git would ignore:
/// `.git/info/exclude` and every `.gitignore` from the repository's root down (see
/// `IgnoreFile`), as ripgrep's `ignore` crate does; and anywhere it skips the dependency
/// folders of `skippedFolders`. `respectsIgnores` false (`--no-ignore`) reads them all.
/// Paths named on the command line are always read.
struct InputWalker {
    var forceNDJSON: Bool
    var respectsIgnores = true
    /// The name standard input is shown under (`--stdin-filename`).
    var stdinName: String?

    /// Folders of other people's code that a walk does not enter.
    static let skippedFolders: Set<String> = ["node_modules", "bower_components", "Pods", "Carthage", "DerivedData"]

    /// A path that could not be used; reported on stderr, exit code 2, the rest go on.
    struct Failure: Error, Equatable {
        var path: String
        var reason: String
    }

    /// A directory or glob that gave no file to read, and what the walk passed over.
    struct EmptySearch: Equatable {
        var path: String
        var isGlob: Bool
        var ignored: Int
    }

    struct Outcome {
        var files: [InputFile] = []
        var failures: [Failure] = []
        var empty: [EmptySearch] = []
    }

    func expand(_ paths: [String]) -> Outcome {
        var outcome = Outcome()
        var visited = Set<FileIdentity>()
        for path in paths {
            if path == "-" {
                outcome.files.append(.stdin(named: stdinName, isNDJSON: forceNDJSON))
                continue
            }
            let systemPath = PathBytes.cString(Array(path.utf8))
            var info = stat()
            guard stat(systemPath, &info) == 0 else {
                let reason = String(cString: strerror(errno))
                if Self.isGlob(path) {
                    walk(glob: path, visited: &visited, into: &outcome)
                } else {
                    outcome.failures.append(Failure(path: path, reason: reason))
                }
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                var walk = DirectoryWalk(walker: self, start: path, accepts: { _, name in Self.isPayload(name) })
                walk.run(visited: &visited, into: &outcome)
            } else {
                outcome.files.append(file(path, systemPath: systemPath))
            }
        }
        return outcome
    }

    static func isGlob(_ path: String) -> Bool {
        path.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    static func isPayload(_ name: String) -> Bool {
        InputFile.payloadExtensions.contains(InputFile.fileExtension(name))
    }

    /// The files under the glob's folder (its segments before the first wildcard) whose
    /// path the whole glob matches.
    private func walk(glob: String, visited: inout Set<FileIdentity>, into outcome: inout Outcome) {
        let segments = PathGlob.split(glob)
        let literal = segments.prefix { !Self.isGlob(String($0)) }
        var base = literal.joined(separator: "/")
        if glob.hasPrefix("/") { base = "/" + base }
        let pattern = PathGlob(exact: segments.map(GlobSegment.init), pattern: glob)
        var walk = DirectoryWalk(walker: self, start: base.isEmpty ? "." : base, shownAs: base.isEmpty ? "" : base,
                                 accepts: { path, _ in pattern.matches(path) })
        walk.isGlob = true
        walk.argument = glob
        walk.run(visited: &visited, into: &outcome)
    }

    func file(_ name: String, systemPath: [CChar]) -> InputFile {
        InputFile(name: name, systemPath: systemPath,
                  isNDJSON: forceNDJSON || InputFile.ndjsonExtensions.contains(InputFile.fileExtension(name)),
                  isStdin: false)
    }
}

/// One directory argument (or a glob's folder) walked: the ignore files in effect and
/// the counts for the message when nothing is found.
private struct DirectoryWalk {
    let walker: InputWalker
    let start: String
    /// How paths under `start` are shown ("" for the working directory of a glob).
    let shownAs: String
    let accepts: (String, String) -> Bool
    var isGlob = false
    /// The argument as given, for the message when nothing is found.
    var argument: String
    /// Ignore files in effect, shallowest first, each with the depth of its folder below
    /// the repository's root; the last that has a verdict on an entry decides.
    private var ignores: [(depth: Int, file: IgnoreFile)] = []
    private var ignored = 0
    private var found = 0

    init(walker: InputWalker, start: String, shownAs: String? = nil, accepts: @escaping (String, String) -> Bool) {
        self.walker = walker
        self.start = start
        self.shownAs = shownAs ?? start
        self.accepts = accepts
        argument = start
    }

    mutating func run(visited: inout Set<FileIdentity>, into outcome: inout Outcome) {
        let startBytes = Array(start.utf8)
        let rootParts = walker.respectsIgnores ? repositoryParts(of: startBytes) : nil
        walk(startBytes, shownAs: shownAs, parts: rootParts, visited: &visited, into: &outcome)
        if found == 0 {
            outcome.empty.append(InputWalker.EmptySearch(path: argument, isGlob: isGlob, ignored: ignored))
        }
    }

    typealias Outcome = InputWalker.Outcome

    /// The start folder's path below its repository's root (its names), with the ignore
    /// files of the root and of every folder above the start loaded; nil outside a repository.
    private mutating func repositoryParts(of directory: [UInt8]) -> [Substring]? {
        let absolute = PathBytes.components(directory, workingDirectory: Array(ConfigLocator.workingDirectory().utf8))
        guard let rootCount = (0 ... absolute.count).reversed().first(where: { count in
            PathBytes.mode(PathBytes.cString(PathBytes.join(absolute[..<count]) + Array("/.git".utf8))) != nil
        }) else { return nil }
        let root = PathBytes.join(absolute[..<rootCount])
        if let text = Self.text(root + Array("/.git/info/exclude".utf8)) { ignores.append((0, IgnoreFile(text))) }
        for count in rootCount ..< absolute.count {
            if let text = Self.text(PathBytes.join(absolute[..<count]) + Array("/.gitignore".utf8)) {
                ignores.append((count - rootCount, IgnoreFile(text)))
            }
        }
        return absolute[rootCount...].map { Substring(PathBytes.display($0)) }
    }

    private mutating func walk(_ directory: [UInt8], shownAs shown: String, parts: [Substring]?,
                               visited: inout Set<FileIdentity>, into outcome: inout Outcome) {
        var info = stat()
        guard stat(PathBytes.cString(directory), &info) == 0 else { return }
        guard visited.insert(FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else {
            found += 1 // walked already (named twice, or inside another path given): not an empty search
            return
        }
        let names: [[UInt8]]
        do {
            names = try Self.names(in: directory)
        } catch {
            outcome.failures.append(InputWalker.Failure(path: shown.isEmpty ? "." : shown, reason: error.reason))
            return
        }
        let ignoreCount = ignores.count
        defer { ignores.removeSubrange(ignoreCount...) }
        if let parts, let text = Self.text(directory + Array("/.gitignore".utf8)) {
            ignores.append((parts.count, IgnoreFile(text)))
        }
        for name in names {
            let path = directory.last == UInt8(ascii: "/") ? directory + name : directory + [UInt8(ascii: "/")] + name
            let shownName = PathBytes.display(name)
            let shownPath = shown.isEmpty ? shownName : shown.hasSuffix("/") ? shown + shownName : shown + "/" + shownName
            let entryParts = parts.map { $0 + [Substring(shownName)] }
            let systemPath = PathBytes.cString(path)
            guard let mode = PathBytes.mode(systemPath) else {
                // A link to nothing: reported when it looks like an input, as a missing file named would be.
                if accepts(shownPath, shownName) {
                    outcome.failures.append(InputWalker.Failure(path: shownPath, reason: "dangling symbolic link"))
                    found += 1
                }
                continue
            }
            switch mode {
            case S_IFDIR:
                if walker.respectsIgnores, InputWalker.skippedFolders.contains(shownName) || isIgnored(entryParts, true) {
                    ignored += 1
                    continue
                }
                walk(path, shownAs: shownPath, parts: entryParts, visited: &visited, into: &outcome)
            case S_IFREG where accepts(shownPath, shownName):
                if walker.respectsIgnores, isIgnored(entryParts, false) {
                    ignored += 1
                    continue
                }
                outcome.files.append(walker.file(shownPath, systemPath: systemPath))
                found += 1
            default:
                continue // FIFOs, sockets and devices inside a directory are never read
            }
        }
    }

    private func isIgnored(_ parts: [Substring]?, _ isDirectory: Bool) -> Bool {
        guard let parts else { return false }
        for (depth, file) in ignores.reversed() {
            if let verdict = file.verdict(parts[depth...], isDirectory: isDirectory) { return verdict }
        }
        return false
    }

    /// The entries of `directory` as bytes, sorted, hidden ones left out.
    private static func names(in directory: [UInt8]) throws(SystemError) -> [[UInt8]] {
        try FileSystem.entryNames(PathBytes.cString(directory))
            .filter { $0.first != UInt8(ascii: ".") } // ".", "..", hidden files and .git
            .sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// A small file's text (an ignore file), nil when it is not there; what was read of it
    /// when reading fails part way.
    private static func text(_ path: [UInt8]) -> String? {
        let descriptor = open(PathBytes.cString(path), O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while let count = try? DescriptorIO.read(descriptor, into: &buffer), count > 0 {
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Device and inode: how a directory reached twice through symlinks is recognised.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}
