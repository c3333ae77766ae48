import InboxModel

/// `rules [CODE]`: the catalogue, or one rule explained with its examples (like `ruff rule`).
enum RulesCommand {
    static let spec = CommandSpec(
        name: "rules", abstract: "List the rules, or explain one with examples",
        usage: "inbox-inspector rules [CODE] [--format text|json|markdown]",
        discussion: """
            Without CODE, lists every rule's code, default severity, the fix `validate --fix` \
            makes (safe, or unsafe: applied only with --unsafe-fixes) and title. --format markdown \
            prints that list as the table README.md carries (make rules-table rewrites it).
            """,
        options: [CommonOptions.format(["text", "json", "markdown"]), CommonOptions.color, CommonOptions.help],
        takesPaths: true, argumentName: "CODE")

    static let command = Command(spec: spec) { arguments, console in
        let style = Style(mode: arguments.value("--color") ?? "auto", console: console)
        let json = arguments.value("--format") == "json"
        let markdown = arguments.value("--format") == "markdown"
        guard let code = arguments.paths.first else {
            if markdown {
                console.out.write(table())
            } else if json {
                console.out.line(JSONOut.array(RuleCatalogue.all.map { summary($0.description) }).serialized())
            } else {
                for rule in RuleCatalogue.all {
                    let description = rule.description
                    console.out.line("\(style.bold(description.code))  \(description.severity.rawValue.padded(to: 8)) "
                                     + "\(fixColumn(description).padded(to: 11)) \(description.title)")
                }
            }
            return ExitCode.success
        }
        guard arguments.paths.count == 1 else { throw UsageError("rules takes at most one code", command: "rules") }
        guard let rule = RuleCatalogue.rule(code) else {
            var message = "unknown rule '\(code)'"
            if let close = EditDistance.suggestion(for: code, among: RuleCatalogue.codes) { message += " (did you mean \(close)?)" }
            throw UsageError(message, command: "rules")
        }
        if markdown {
            console.out.write(markdownDetail(rule.description))
        } else if json {
            console.out.line(detail(rule.description).serialized())
        } else {
            console.out.write(text(rule.description, style: style))
        }
        return ExitCode.success
    }

    /// The Markdown table of every rule (code | severity | title), as README.md carries it
    /// between `<!-- rules:begin -->` and `<!-- rules:end -->`.
    static func table() -> String {
        var lines = ["| code | severity | fix | title |", "|---|---|---|---|"]
        for rule in RuleCatalogue.all {
            let description = rule.description
            lines.append("| `\(description.code)` | \(description.severity.rawValue) | \(description.fix?.safety.rawValue ?? "") "
                         + "| \(markdownCell(description.title)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One rule as a Markdown section (for docs and issue trackers).
    static func markdownDetail(_ rule: RuleDescription) -> String {
        var lines = ["### \(rule.code): \(rule.title)", "", "Default severity: **\(rule.severity.rawValue)**", "",
                     rule.explanation]
        let show = { (title: String, examples: [RuleExample]) in
            guard !examples.isEmpty else { return }
            lines += ["", title, ""]
            for example in examples {
                lines += ["```json", example.payload.count > 600 ? String(example.payload.prefix(600)) + "…" : example.payload, "```"]
                // The Info.plist is what tells a trigger from a pass for `--plist` rules (IK812):
                // their payloads are the same.
                if let plist = example.plist { lines += ["with `--plist` Info.plist:", "", "```xml", plist, "```"] }
            }
        }
        show("Triggers on:", rule.triggers)
        show("Does not trigger on:", rule.passes)
        if let fix = rule.fix {
            lines += ["", "Fix (\(fix.safety.rawValue)\(fix.safety == .unsafe ? ", with `--unsafe-fixes`" : "")): \(fix.summary)", "",
                      "```json", fix.before.payload, "```", "", "becomes", "", "```json", fix.after, "```"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The list's fix column: `safe fix`, `unsafe fix`, or nothing.
    static func fixColumn(_ rule: RuleDescription) -> String {
        rule.fix.map { "\($0.safety.rawValue) fix" } ?? ""
    }

    /// A table cell: `|` would end the cell, a newline the row.
    static func markdownCell(_ text: String) -> String {
        String(text.flatMap { character -> [Character] in
            switch character {
            case "|": return ["\\", "|"]
            case "\n": return [" "]
            default: return [character]
            }
        })
    }

    static func summary(_ rule: RuleDescription) -> JSONOut {
        .object([("code", .string(rule.code)), ("severity", .string(rule.severity.rawValue)), ("title", .string(rule.title)),
                 ("fix", rule.fix.map { .string($0.safety.rawValue) } ?? .null)])
    }

    static func detail(_ rule: RuleDescription) -> JSONOut {
        let example = { (example: RuleExample) -> JSONOut in
            var keys: [(String, JSONOut)] = [("payload", .string(example.payload)), ("sdk", .string(example.profile.name)),
                                             ("arguments", .array(example.arguments.map(JSONOut.string)))]
            if let plist = example.plist { keys.append(("plist", .string(plist))) }
            return .object(keys)
        }
        return .object([
            ("code", .string(rule.code)), ("severity", .string(rule.severity.rawValue)), ("title", .string(rule.title)),
            ("explanation", .string(rule.explanation)),
            ("triggers", .array(rule.triggers.map(example))), ("passes", .array(rule.passes.map(example))),
            ("fix", rule.fix.map { fix in
                .object([("safety", .string(fix.safety.rawValue)), ("summary", .string(fix.summary)),
                         ("before", example(fix.before)), ("after", .string(fix.after))])
            } ?? .null),
        ])
    }

    static func text(_ rule: RuleDescription, style: Style) -> String {
        var lines = ["\(style.bold(rule.code)): \(rule.title)", "", "Default severity: \(rule.severity.rawValue)", ""]
        lines += TerminalText.wrap(rule.explanation, width: 78)
        let show = { (title: String, examples: [RuleExample]) in
            guard !examples.isEmpty else { return }
            lines += ["", title]
            for example in examples {
                var options = example.profile == .standard ? "" : "--sdk \(example.profile.name) "
                options += example.arguments.joined(separator: " ")
                if !options.isEmpty { lines.append("  (with \(options.trimmed))") }
                lines.append("  " + (example.payload.count > 600 ? String(example.payload.prefix(60)) + "… (\(example.payload.count) characters)" : example.payload))
                // See `markdownDetail`: for IK812 the Info.plist is the example.
                if let plist = example.plist {
                    lines.append("  with --plist Info.plist:")
                    lines += plist.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
                }
            }
        }
        show("Triggers on:", rule.triggers)
        show("Does not trigger on:", rule.passes)
        if let fix = rule.fix {
            let how = fix.safety == .safe ? "safe: validate --fix" : "unsafe: validate --fix --unsafe-fixes"
            lines += ["", "Fix (\(how)):"]
            lines += TerminalText.wrap(fix.summary, width: 76).map { "  " + $0 }
            lines += ["  before:", "    " + fix.before.payload, "  after:", "    " + fix.after]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
