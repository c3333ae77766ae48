import Foundation

/// `validate --show-settings`: the settings in effect for each path given (standard
/// input by `--stdin-filename`), each with where it came from: the default, a config
/// file, an override glob or the command line; and which config file was used.
enum SettingsReport {
    static func lines(_ arguments: ParsedArguments, run: ValidateSettings, locator: inout ConfigLocator) throws -> [String] {
        var lines: [String] = []
        let stdinName = arguments.value(CommonOptions.stdinFilename.name)
        for path in arguments.paths.isEmpty ? ["-"] : arguments.paths {
            let file = path == "-" ? InputFile.stdin(named: stdinName, isNDJSON: false) : InputFile(name: path, isNDJSON: false)
            let (found, matched) = try InputSettings.lookup(file, locator: &locator)
            let settings = try FileSettings.resolve(arguments, config: found.file, path: matched)
            lines.append("settings for \(file.name)" + (matched.map { $0 == file.name ? "" : " (globs match \($0))" } ?? ""))
            var rows = settings.origins
            if rows.first?.setting == "config" {
                rows[0].origin = searchDescription(found, locator: locator, explicit: arguments.value("--config") != nil)
            }
            rows += run.origins
            let width = rows.map(\.setting.count).max() ?? 0
            let valueWidth = min(40, rows.map(\.value.count).max() ?? 0)
            for row in rows {
                let setting = row.setting.padding(toLength: width, withPad: " ", startingAt: 0)
                let value = row.value.count < valueWidth ? row.value.padding(toLength: valueWidth, withPad: " ", startingAt: 0)
                    : row.value
                lines.append("  \(setting)  \(value)  (\(row.origin))")
            }
        }
        lines.append("failOn and maxWarnings apply to the whole run: "
                     + (run.configPath.map { "from \($0), found from the working directory" } ?? "no config file found from the working directory"))
        return lines
    }

    private static func searchDescription(_ found: ConfigLocator.Found, locator: ConfigLocator, explicit: Bool) -> String {
        if explicit { return "given with --config" }
        guard let root = found.repositoryRoot else {
            return found.file == nil ? "none found from the file's folder up to /" : "nearest to the file's folder"
        }
        let shown = PathBytes.display(PathBytes.relative(root, from: locator.workingDirectory))
        return (found.file == nil ? "none found" : "nearest") + " from the file's folder up to the repository root \(shown)"
    }
}
