import InboxCore

/// Reads a `.inbox-inspector.json` with the project's own JSON parser, so a mistake in it
/// is reported at its line and column like a mistake in a payload. Anything unexpected
/// is an error (unknown key, wrong type, unknown rule code or profile): a config that is
/// silently half-applied is worse than none.
public enum ConfigParser {
    public static func parse(_ bytes: [UInt8]) -> Result<InspectorConfig, ConfigError> {
        switch JSONDocument.parse(bytes) {
        case .failure(let issue):
            return .failure(ConfigError(issue.message, line: issue.position.line, column: issue.position.column))
        case .success(let document):
            if let duplicate = document.warnings.first {
                return .failure(ConfigError(duplicate.message, line: duplicate.position.line,
                                            column: duplicate.position.column))
            }
            do {
                // The values read borrow the document (see `JSONValue`): kept alive over the read.
                return .success(try withExtendedLifetime(document) { try read(document.root) })
            } catch let error as ConfigError {
                return .failure(error)
            } catch {
                return .failure(ConfigError("the config file could not be read", line: 1, column: 1))
            }
        }
    }

    private static func read(_ root: JSONValue) throws -> InspectorConfig {
        guard root.kind == .object else {
            throw ConfigError("the config must be a JSON object such as {\"ignore\": [\"IK204\"]}", at: root)
        }
        var config = InspectorConfig()
        let known = InspectorConfig.keys.map(\.key)
        for (key, value) in root.members {
            switch key {
            case "sdk": config.profile = try profile(value, key)
            case "minSdk": config.minProfile = try profile(value, key)
            case "select": config.select = try codes(value, key)
            case "ignore": config.ignore = try codes(value, key)
            case "severity": config.severities = try severities(value)
            case "exclude": config.exclude = try strings(value, key).map(PathGlob.init)
            case "failOn": config.failOn = try severity(value, key)
            case "overrides": config.overrides = try overrides(value)
            case "maxWarnings":
                guard let number = value.number, number >= 0, number.rounded() == number, number < 1e9 else {
                    throw ConfigError("\"maxWarnings\" must be a whole number ≥ 0", at: value)
                }
                config.maxWarnings = Int(number)
            default:
                var message = "unknown key \"\(Excerpt.of(key))\""
                if let close = EditDistance.suggestion(for: key, among: known) {
                    message += " (did you mean \"\(close)\"?)"
                } else {
                    message += "; known keys: " + known.joined(separator: ", ")
                }
                throw ConfigError(message, atKeyOf: value)
            }
        }
        if let minimum = config.minProfile, let profile = config.profile, minimum.rank > profile.rank {
            throw ConfigError("\"minSdk\" \(minimum.name) is newer than \"sdk\" \(profile.name)",
                              at: root["minSdk"] ?? root)
        }
        if let minimum = config.minProfile, let overrides = root["overrides"] {
            for (entry, value) in zip(config.overrides, overrides.elements) {
                if let profile = entry.profile, minimum.rank > profile.rank {
                    throw ConfigError("\"minSdk\" \(minimum.name) is newer than this override's \"sdk\" \(profile.name)",
                                      at: value["sdk"] ?? value)
                }
            }
        }
        return config
    }

    private static func overrides(_ value: JSONValue) throws -> [ConfigOverride] {
        let example = "{\"files\": [\"legacy/**\"], \"ignore\": [\"IK204\"]}"
        guard value.kind == .array else {
            throw ConfigError("\"overrides\" must be a list of objects such as \(example)", at: value)
        }
        return try value.elements.map { element in
            guard element.kind == .object else {
                throw ConfigError("each of \"overrides\" must be an object such as \(example)", at: element)
            }
            guard let files = element["files"] else {
                throw ConfigError("this override needs \"files\": a list of path globs it applies to", at: element)
            }
            var entry = ConfigOverride(files: try strings(files, "files").map(PathGlob.init))
            for (key, member) in element.members {
                switch key {
                case "files": continue
                case "select": entry.select = try codes(member, key)
                case "ignore": entry.ignore = try codes(member, key)
                case "severity": entry.severities = try severities(member)
                case "sdk": entry.profile = try profile(member, key)
                default:
                    var message = "unknown key \"\(key)\" in an override"
                    if let close = EditDistance.suggestion(for: key, among: ConfigOverride.keys) {
                        message += " (did you mean \"\(close)\"?)"
                    } else {
                        message += "; known keys: " + ConfigOverride.keys.joined(separator: ", ")
                    }
                    throw ConfigError(message, atKeyOf: member)
                }
            }
            return entry
        }
    }

    private static func strings(_ value: JSONValue, _ key: String) throws -> [String] {
        guard value.kind == .array else { throw ConfigError("\"\(key)\" must be a list of strings", at: value) }
        return try value.elements.map { element in
            guard let text = element.string, !text.isEmpty else {
                throw ConfigError("\"\(key)\" must hold non-empty strings", at: element)
            }
            return text
        }
    }

    private static func codes(_ value: JSONValue, _ key: String) throws -> [RuleCodePattern] {
        let list = try strings(value, key)
        for (text, element) in zip(list, value.elements) {
            if let problem = RuleSelection.problem(with: text) { throw ConfigError(problem, at: element) }
            if key == "ignore", RuleSelection.alwaysOn.contains(RuleCode(text)) {
                throw ConfigError(RuleSelection.cannotIgnore(RuleCode(text)), at: element)
            }
        }
        return list.map { RuleCodePattern($0) }
    }

    private static func profile(_ value: JSONValue, _ key: String) throws -> SDKProfile {
        let names = SDKProfile.all.map(\.name)
        guard let text = value.string else {
            throw ConfigError("\"\(key)\" must be one of \(names.joined(separator: ", ")) (as a string)", at: value)
        }
        guard let profile = SDKProfile.named(text) else {
            var message = "unknown profile \"\(Excerpt.of(text))\" for \"\(key)\": expected one of \(names.joined(separator: ", "))"
            if let close = EditDistance.suggestion(for: text, among: names) { message += " (did you mean \"\(close)\"?)" }
            throw ConfigError(message, at: value)
        }
        return profile
    }

    private static func severity(_ value: JSONValue, _ key: String) throws -> Severity {
        let names = Severity.allCases.map(\.rawValue)
        guard let text = value.string, let severity = Severity(rawValue: text) else {
            var message = "\"\(key)\" must be one of \(names.joined(separator: ", "))"
            if let text = value.string, let close = EditDistance.suggestion(for: text, among: names) {
                message += " (did you mean \"\(close)\"?)"
            }
            throw ConfigError(message, at: value)
        }
        return severity
    }

    private static func severities(_ value: JSONValue) throws -> [(pattern: RuleCodePattern, severity: Severity)] {
        guard value.kind == .object else {
            throw ConfigError("\"severity\" must be an object such as {\"IK204\": \"warning\"}", at: value)
        }
        return try value.members.map { member in
            if let problem = RuleSelection.problem(with: member.key) { throw ConfigError(problem, atKeyOf: member.value) }
            let level = try severity(member.value, member.key)
            let pattern = RuleCodePattern(member.key)
            if RuleSelection.alwaysOn.contains(pattern.code), level != .error {
                throw ConfigError(RuleSelection.cannotDowngrade(pattern.code), at: member.value)
            }
            return (pattern, level)
        }
    }
}
