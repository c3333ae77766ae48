/// The tool's name and version, as `--version` and the JSON output's `tool` say them.
enum Tool {
    static let name = "inbox-inspector"
    static let version = "0.1.0"
}
