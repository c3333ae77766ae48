import Foundation

/// A source's name as reports keep it: relative to the working directory, without a
/// leading `./`, so `./a.json`, `a.json` and `$PWD/a.json` are one file in a baseline and
/// in SARIF. A path outside the working directory stays as it is.
struct SourcePath {
    /// The working directory, with a slash at the end.
    let root: String

    static func current() -> SourcePath {
        let directory = FileManager.default.currentDirectoryPath
        return SourcePath(root: directory.hasSuffix("/") ? directory : directory + "/")
    }

    func relative(_ source: String) -> String {
        var path = Substring(source)
        if path.hasPrefix(root) { path = path.dropFirst(root.count) }
        while path.hasPrefix("./") {
            path = path.dropFirst(2)
            while path.hasPrefix("/") { path = path.dropFirst() }
        }
        return path.isEmpty ? source : String(path)
    }

    /// Whether `relative(source)` is still absolute (a file outside the working directory).
    func isOutside(_ source: String) -> Bool { relative(source).hasPrefix("/") }
}
