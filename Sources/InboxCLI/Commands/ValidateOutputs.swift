import InboxModel

/// Where `validate` writes: the format of `--format` on stdout (or in the file of a plain
/// `--output-file PATH`, as ruff and eslint do), plus one more output for each `--output-file
/// FORMAT:PATH` (as golangci-lint's `--out-format FORMAT:PATH`) and for `--write-baseline`.
/// Every output is written from the same run.
struct ValidateOutputs {
    struct Output: Equatable {
        /// A format of `ValidateCommand.formats`, or one of the internal ones below.
        var format: String
        /// Nil for stdout.
        var path: String?
    }

    /// `--statistics` in place of the findings (text, or `--format json`), and the
    /// baseline file of `--write-baseline`.
    static let statistics = "statistics", statisticsJSON = "statistics-json", baseline = "baseline"

    var outputs: [Output]

    /// Reads the options; a conflict (two outputs to one place, a format that is not one)
    /// is a usage error.
    init(_ arguments: ParsedArguments) throws {
        var main = arguments.value("--format") ?? "text"
        if arguments.has("--statistics") {
            guard main == "text" || main == "json" else {
                throw UsageError("--statistics prints text or JSON, not --format \(main)", command: "validate")
            }
            main = main == "json" ? Self.statisticsJSON : Self.statistics
        }
        var mainPath: String?
        var extra: [Output] = []
        for value in arguments.values["--output-file"] ?? [] {
            if let output = try Self.formatted(value) {
                extra.append(output)
            } else {
                guard mainPath == nil else {
                    throw UsageError("--output-file without a format names the file of --format; give it once, "
                                     + "and other outputs as FORMAT:PATH (e.g. sarif:report.sarif)", command: "validate")
                }
                mainPath = value
            }
        }
        if let path = arguments.value("--write-baseline") {
            // The writer records what the run shows: with --baseline, only the new findings.
            guard arguments.value("--baseline") == nil else {
                throw UsageError("--write-baseline records every finding: give it without --baseline", command: "validate")
            }
            extra.append(Output(format: Self.baseline, path: path))
        }
        outputs = [Output(format: main, path: mainPath == "-" ? nil : mainPath)] + extra
        var places = Set<String>()
        for output in outputs {
            let place = output.path ?? "-"
            guard places.insert(place).inserted else {
                let name = output.path.map { "'\($0)'" } ?? "standard output"
                throw UsageError("two outputs are written to \(name): give each its own --output-file", command: "validate")
            }
        }
    }

    /// `FORMAT:PATH` read as an extra output (`-` for stdout); nil for a plain path. A word
    /// of lowercase letters before the colon must be a format (`sarf:x` is a typo, not a
    /// file): a file of such a name is written `./sarf:x`.
    private static func formatted(_ value: String) throws -> Output? {
        guard let colon = value.firstIndex(of: ":") else { return nil }
        let format = String(value[..<colon])
        guard !format.isEmpty, format.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else {
            return nil
        }
        guard ValidateCommand.formats.contains(format) else {
            var message = "unknown format '\(format)' in --output-file \(value): expected one of "
                + ValidateCommand.formats.joined(separator: ", ")
            if let close = EditDistance.suggestion(for: format, among: ValidateCommand.formats) {
                message += " (did you mean '\(close):'?)"
            }
            throw UsageError(message + "; write ./\(value) for a file of that name", command: "validate")
        }
        let path = String(value[value.index(after: colon)...])
        guard !path.isEmpty else { throw UsageError("--output-file \(value) names no file", command: "validate") }
        return Output(format: format, path: path == "-" ? nil : path)
    }

    /// The buffer of each output, in order: stdout's, or a file opened now (so a path that
    /// cannot be written fails the run before anything is checked).
    func open(console: Console) throws -> [(output: Output, out: OutputBuffer, file: OutputFile?)] {
        try outputs.map { output in
            guard let path = output.path else { return (output, console.out, nil) }
            let file = try OutputFile(path: path)
            return (output, file.buffer, file)
        }
    }
}
