/// One input to read: a file found from the paths given, or standard input.
struct InputFile: Equatable {
    /// The name shown in findings: the path as the user reached it, or `-`.
    var name: String
    /// Read one JSON document per line.
    var isNDJSON: Bool

    var isStdin: Bool { name == "-" }

    static let ndjsonExtensions: Set<String> = ["jsonl", "ndjson"]
    static let jsonExtensions: Set<String> = ["json", "jsonl", "ndjson"]

    static func fileExtension(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains(Character("/")) else { return "" }
        return path[path.index(after: dot)...].lowercased()
    }
}
