/// One option a command accepts, declared once: `--help`, "did you mean" suggestions and
/// value checks are all derived from these declarations.
struct OptionSpec: Sendable {
    /// Long name including the dashes, e.g. `--format`.
    var name: String
    /// Short alias including the dash, e.g. `-q`.
    var short: String?
    /// Placeholder for the value in help (`FORMAT`); nil for a flag.
    var valueName: String?
    var help: String
    /// Accepted values, when the option takes one of a fixed set.
    var choices: [String]?
    /// Other names accepted for a choice, not shown in help (`latest` for `guide`).
    var aliases: [String] = []
    /// The value used when the option is not given (shown in help).
    var defaultValue: String?
    /// Values may be given several times (and comma-separated) and accumulate.
    var repeatable: Bool = false
    /// The value must be a whole number in this range.
    var integerRange: ClosedRange<Int>? = nil

    var isFlag: Bool { valueName == nil }

    static func flag(_ name: String, short: String? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help, choices: nil, defaultValue: nil)
    }

    static func integer(_ name: String, _ valueName: String, _ help: String, range: ClosedRange<Int>,
                        default defaultValue: String? = nil) -> OptionSpec {
        OptionSpec(name: name, short: nil, valueName: valueName, help: help, choices: nil,
                   defaultValue: defaultValue, integerRange: range)
    }

    static func value(_ name: String, _ valueName: String, _ help: String, choices: [String]? = nil,
                      aliases: [String] = [], default defaultValue: String? = nil, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, short: nil, valueName: valueName, help: help, choices: choices, aliases: aliases,
                   defaultValue: defaultValue, repeatable: repeatable)
    }
}
