/// The options and paths of one invocation, after checking them against the command's
/// declarations.
struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var paths: [String] = []
    /// Every word of the invocation after the tool's name, as given (SARIF records it).
    var commandLine: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for an option (the last one wins, as in most tools).
    func value(_ name: String) -> String? { values[name]?.last }

    /// All values of a repeatable option, comma-separated lists split.
    func list(_ name: String) -> [String] {
        (values[name] ?? []).flatMap { $0.split(separator: ",").map { String($0).trimmed } }.filter { !$0.isEmpty }
    }
}

extension String {
    var trimmed: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
