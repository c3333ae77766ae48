import InboxCore

/// The settings of a `.inbox-inspector.json` file. Every key is optional; command-line
/// options override them (`--select` replaces `select`, `--ignore` adds to `ignore`).
public struct InspectorConfig: Sendable {
    /// `sdk`: the profile, as `--sdk`.
    public var profile: SDKProfile?
    /// `minSdk`: the oldest profile compared by IK206, as `--min-sdk`.
    public var minProfile: SDKProfile?
    /// `select`: rule codes or prefixes to run (nil: not given).
    public var select: [RuleCodePattern]?
    /// `ignore`: rule codes or prefixes not to run.
    public var ignore: [RuleCodePattern] = []
    /// `severity`: `{"IK204": "warning"}`, codes or prefixes.
    public var severities: [(pattern: RuleCodePattern, severity: Severity)] = []
    /// `exclude`: path globs of inputs not to check.
    public var exclude: [PathGlob] = []
    /// `failOn`: as `--fail-on`.
    public var failOn: Severity?
    /// `maxWarnings`: as `--max-warnings`.
    public var maxWarnings: Int?
    /// `overrides`: settings for the files that match some globs, applied in order.
    public var overrides: [ConfigOverride] = []

    public init() {}

    /// The keys a config file may have, with what each holds (for messages and docs).
    public static let keys: [(key: String, holds: String)] = [
        ("sdk", "a profile name"), ("minSdk", "a profile name"), ("select", "a list of rule codes"),
        ("ignore", "a list of rule codes"), ("severity", "an object of rule code to severity"),
        ("exclude", "a list of path globs"), ("failOn", "a severity"), ("maxWarnings", "a whole number ≥ 0"),
        ("overrides", "a list of {\"files\": [globs], …} objects"),
    ]
}

/// One entry of `overrides`: for the files matching one of `files`, `select` replaces the
/// selection, `ignore` and `severity` add to it, `sdk` replaces the profile.
public struct ConfigOverride: Sendable {
    public var files: [PathGlob]
    public var select: [RuleCodePattern]?
    public var ignore: [RuleCodePattern] = []
    public var severities: [(pattern: RuleCodePattern, severity: Severity)] = []
    public var profile: SDKProfile?

    public init(files: [PathGlob]) {
        self.files = files
    }

    /// The keys an override may have.
    public static let keys = ["files", "select", "ignore", "severity", "sdk"]

    /// The first glob of `files` that matches `path`, if any.
    public func glob(matching path: String) -> PathGlob? {
        files.first { $0.matches(path) }
    }
}

/// A problem in a config file, at the value it is about.
public struct ConfigError: Error, Equatable, Sendable {
    public var message: String
    public var line: Int
    public var column: Int

    public init(_ message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    init(_ message: String, at value: JSONValue) {
        self.init(message, line: value.position.line, column: value.position.column)
    }

    init(_ message: String, atKeyOf value: JSONValue) {
        let position = value.keyPosition ?? value.position
        self.init(message, line: position.line, column: position.column)
    }
}
