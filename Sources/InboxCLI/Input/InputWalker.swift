import Foundation

/// Expands the paths of an invocation into input files: files as given, directories
/// searched recursively for `*.json`, `*.jsonl`, `*.ndjson` (sorted, symlink loops
/// visited once), `-` for standard input.
struct InputWalker {
    var forceNDJSON: Bool

    /// A path that could not be used; reported on stderr, exit code 2, the rest go on.
    struct Failure: Error, Equatable {
        var path: String
        var reason: String
    }

    /// The files in order, and the paths that failed.
    func expand(_ paths: [String]) -> (files: [InputFile], failures: [Failure]) {
        var files: [InputFile] = []
        var failures: [Failure] = []
        var visited = Set<FileIdentity>()
        for path in paths {
            if path == "-" {
                files.append(InputFile(name: "-", isNDJSON: forceNDJSON))
                continue
            }
            var info = stat()
            guard stat(path, &info) == 0 else {
                failures.append(Failure(path: path, reason: String(cString: strerror(errno))))
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk(directory: path, visited: &visited, files: &files, failures: &failures)
            } else {
                files.append(file(path))
            }
        }
        return (files, failures)
    }

    private func file(_ path: String) -> InputFile {
        InputFile(name: path, isNDJSON: forceNDJSON || InputFile.ndjsonExtensions.contains(InputFile.fileExtension(path)))
    }

    private func walk(directory: String, visited: inout Set<FileIdentity>, files: inout [InputFile],
                      failures: inout [Failure]) {
        var info = stat()
        guard stat(directory, &info) == 0 else { return }
        guard visited.insert(FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { return }
        guard let handle = opendir(directory) else {
            failures.append(Failure(path: directory, reason: String(cString: strerror(errno))))
            return
        }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name == "." || name == ".." || name.hasPrefix(".") { continue }
            names.append(name)
        }
        closedir(handle)
        for name in names.sorted() {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var entryInfo = stat()
            guard stat(path, &entryInfo) == 0 else { continue } // a dangling symlink is not an input
            switch entryInfo.st_mode & S_IFMT {
            case S_IFDIR:
                walk(directory: path, visited: &visited, files: &files, failures: &failures)
            case S_IFREG where InputFile.jsonExtensions.contains(InputFile.fileExtension(name)):
                files.append(file(path))
            default:
                continue // FIFOs, sockets and devices inside a directory are never read
            }
        }
    }
}

/// Device and inode: how a directory reached twice through symlinks is recognised.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}
