import InboxModel

/// What `validate` applies to one input: the command line laid over its config file and
/// the config's `overrides` that match the input's path, with where each value came from
/// (`--show-settings`). `--sdk`, `--min-sdk` and `--select` replace what the file says,
/// `--ignore` adds to it; an override's `sdk` replaces the file's, its `select` replaces
/// the file's `select` and `ignore` (a selection of its own), its `ignore` and `severity`
/// add to them.
struct FileSettings {
    var profile: SDKProfile
    var minProfile: SDKProfile?
    var selection: RuleSelection
    /// The `exclude` glob that leaves this input out, if one matches.
    var excludedBy: String?
    /// The config file used, if any.
    var configPath: String?
    /// Setting name → where its value came from, in the order shown.
    var origins: [(setting: String, value: String, origin: String)] = []

    static let defaultOrigin = "default"

    /// `path`: the input's path relative to the config's folder (nil for the run as a whole).
    static func resolve(_ arguments: ParsedArguments, config file: ConfigFile?, path: String?) throws -> FileSettings {
        let config = file?.config ?? InspectorConfig()
        let source = file.map { "config file \($0.path)" } ?? defaultOrigin
        let matched: [(glob: String, entry: ConfigOverride)] = path.map { path in
            config.overrides.compactMap { entry in entry.glob(matching: path).map { ($0.pattern, entry) } }
        } ?? []
        func overrideOrigin(_ glob: String) -> String { "override \"\(glob)\" in \(file?.path ?? "")" }

        var profile = (config.profile ?? .standard, config.profile == nil ? defaultOrigin : source)
        for (glob, entry) in matched { if let sdk = entry.profile { profile = (sdk, overrideOrigin(glob)) } }
        if let name = arguments.value("--sdk"), let sdk = SDKProfile.named(name) { profile = (sdk, "command line --sdk") }

        var minProfile = (config.minProfile, config.minProfile == nil ? defaultOrigin : source)
        if let name = arguments.value("--min-sdk"), let sdk = SDKProfile.named(name) { minProfile = (sdk, "command line --min-sdk") }
        // The comparison always runs up to the guide; only a profile chosen on purpose can
        // be older than its start.
        if let minimum = minProfile.0, profile.1 != defaultOrigin, minimum.rank > profile.0.rank {
            throw UsageError("--min-sdk \(minimum.name) is newer than --sdk \(profile.0.name)"
                             + (path.map { " for \($0)" } ?? ""), command: "validate")
        }

        var select = (config.select ?? [], config.select == nil ? defaultOrigin : source)
        var ignore = config.ignore.map { ($0, source) }
        var severities = config.severities.map { ($0.pattern, $0.severity, source) }
        for (glob, entry) in matched {
            if let codes = entry.select { // a selection of its own: what was ignored before is not
                select = (codes, overrideOrigin(glob))
                ignore = []
            }
            ignore += entry.ignore.map { ($0, overrideOrigin(glob)) }
            severities += entry.severities.map { ($0.pattern, $0.severity, overrideOrigin(glob)) }
        }
        let selectArguments = arguments.list("--select")
        if !selectArguments.isEmpty { select = (selectArguments.map { RuleCodePattern($0) }, "command line --select") }
        ignore += arguments.list("--ignore").map { (RuleCodePattern($0), "command line --ignore") }

        let excludedBy = path.flatMap { path in config.exclude.first { $0.matches(path) }?.pattern }
        var settings = FileSettings(
            profile: profile.0, minProfile: minProfile.0,
            selection: RuleSelection(select: select.0, ignore: ignore.map(\.0),
                                     severities: severities.map { ($0.0, $0.1) }),
            excludedBy: excludedBy, configPath: file?.path)
        settings.origins = [
            ("config", file?.path ?? "none", file == nil ? "no .inbox-inspector.json found" : "found"),
            ("sdk", profile.0.name, profile.1),
            ("minSdk", minProfile.0?.name ?? "none", minProfile.1),
            ("select", select.0.isEmpty ? "ALL" : select.0.map(\.written).joined(separator: ", "), select.1),
        ] + ignore.map { ("ignore", $0.0.written, $0.1) }
          + severities.map { ("severity", "\($0.0): \($0.1.rawValue)", $0.2) }
        if let excludedBy { settings.origins.append(("exclude", "excluded by \"\(excludedBy)\"", source)) }
        return settings
    }
}
