/// One input to read: a file found from the paths given, or standard input.
struct InputFile: Equatable {
    /// The name shown in findings: the path as the user reached it (bytes that are not
    /// UTF-8 shown as `\xFF`), `-`, or standard input's `--stdin-filename`.
    var name: String
    /// The path as the file system has it, NUL-terminated, for `open` and `stat`: a name
    /// that is not UTF-8 cannot go through a `String`. Empty for standard input.
    var systemPath: [CChar]
    /// Read one JSON document per line.
    var isNDJSON: Bool
    var isStdin: Bool
    /// Which of the invocation's per-file settings apply (`InputSettings`); 0 when there is one.
    var settings = 0

    /// A file at `name`, a path that is valid UTF-8.
    init(name: String, isNDJSON: Bool) {
        self.init(name: name, systemPath: PathBytes.cString(Array(name.utf8)), isNDJSON: isNDJSON, isStdin: name == "-")
    }

    init(name: String, systemPath: [CChar], isNDJSON: Bool, isStdin: Bool) {
        self.name = name
        self.systemPath = isStdin ? [] : systemPath
        self.isNDJSON = isNDJSON
        self.isStdin = isStdin
    }

    /// Standard input, shown as `name` (`-`, or `--stdin-filename`): NDJSON when forced,
    /// or named like an NDJSON file.
    static func stdin(named name: String?, isNDJSON: Bool) -> InputFile {
        InputFile(name: name ?? "-", systemPath: [],
                  isNDJSON: isNDJSON || ndjsonExtensions.contains(fileExtension(name ?? "")), isStdin: true)
    }

    static let ndjsonExtensions: Set<String> = ["jsonl", "ndjson"]
    /// What a directory walk reads: JSON, NDJSON, and Xcode's simulator push files (`.apns`).
    static let payloadExtensions: Set<String> = ["json", "jsonl", "ndjson", "apns"]

    static func fileExtension(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains(Character("/")) else { return "" }
        return path[path.index(after: dot)...].lowercased()
    }
}
