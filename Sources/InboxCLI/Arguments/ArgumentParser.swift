import InboxModel

/// Hand-written parser for `inbox-inspector <command> [options] [PATH...]`, driven by a
/// command's `OptionSpec` declarations.
struct ArgumentParser {
    var command: CommandSpec

    func parse(_ arguments: [String]) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPaths = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if onlyPaths || word == "-" || !word.hasPrefix("-") {
                guard command.takesPaths else {
                    throw UsageError(command.positionalError(word), command: command.name)
                }
                parsed.paths.append(word)
                continue
            }
            if word == "--" { onlyPaths = true; continue }
            var name = word
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let option = command.option(named: name) else {
                throw UsageError(unknownOption(name), command: command.name)
            }
            if option.isFlag {
                if inlineValue != nil { throw UsageError("option \(option.name) takes no value", command: command.name) }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("option \(option.name) needs a value (\(option.valueName ?? "VALUE"))", command: command.name)
            }
            try check(value, for: option)
            parsed.values[option.name, default: []].append(value)
        }
        return parsed
    }

    private func check(_ value: String, for option: OptionSpec) throws {
        if let range = option.integerRange, !(Int(value).map(range.contains) ?? false) {
            let upper = range.upperBound == Int.max ? "" : " to \(range.upperBound)"
            throw UsageError("invalid value '\(Excerpt.of(value))' for \(option.name): expected a whole number from \(range.lowerBound)\(upper)",
                             command: command.name)
        }
        guard let choices = option.choices else { return }
        let values = option.repeatable ? value.split(separator: ",").map { String($0).trimmed } : [value]
        for value in values where !choices.contains(value) && !option.aliases.contains(value) {
            var message = "invalid value '\(Excerpt.of(value))' for \(option.name): expected one of \(choices.joined(separator: ", "))"
            if let close = EditDistance.suggestion(for: value, among: choices) { message += " (did you mean '\(close)'?)" }
            throw UsageError(message, command: command.name)
        }
    }

    private func unknownOption(_ name: String) -> String {
        var message = "unknown option '\(Excerpt.of(name))' for '\(command.name)'"
        let candidates = command.options.map(\.name)
        if let close = EditDistance.suggestion(for: name, among: candidates) {
            message += " (did you mean \(close)?)"
        } else if let other = CommandSpec.owner(ofOption: name) {
            message += " (\(name) is an option of '\(other)')"
        }
        return message
    }
}
