/// The settings of every input of a `validate` run: each input's config (found from its
/// folder, see `ConfigLocator`), its `overrides` and `exclude`, and the command line.
/// Inputs that share a config and matching overrides share one `FileSettings`
/// (`InputFile.settings` is its index); excluded inputs are taken out of the set.
struct InputSettings {
    var all: [FileSettings] = []
    /// Inputs left out by an `exclude` glob, with the glob and the config it is in.
    var excluded: [(file: String, glob: String, config: String)] = []
    /// How many inputs each config applies to, in the order first used ("" for none).
    var uses: [(config: String, files: Int)] = []

    static func assign(_ inputs: inout InputSet, arguments: ParsedArguments, locator: inout ConfigLocator) throws
        -> InputSettings {
        var result = InputSettings()
        var indexes: [String: Int] = [:]
        var kept: [InputFile] = []
        for var file in inputs.files {
            let (found, path) = try lookup(file, locator: &locator)
            let config = found.file
            // What tells files' settings apart, found without resolving them (once per distinct set).
            if let path, let config, let glob = config.config.exclude.first(where: { $0.matches(path) }) {
                result.excluded.append((file.name, glob.pattern, config.path))
                continue
            }
            let overrides = path.flatMap { path in
                config?.config.overrides.indices.filter { config?.config.overrides[$0].glob(matching: path) != nil }
            } ?? []
            let identity = (config?.path ?? "") + "\n" + overrides.map(String.init).joined(separator: ",")
            if let index = indexes[identity] {
                file.settings = index
            } else {
                file.settings = result.all.count
                indexes[identity] = file.settings
                result.all.append(try FileSettings.resolve(arguments, config: config, path: path))
            }
            if let use = result.uses.firstIndex(where: { $0.config == config?.path ?? "" }) {
                result.uses[use].files += 1
            } else {
                result.uses.append((config?.path ?? "", 1))
            }
            kept.append(file)
        }
        inputs.files = kept
        return result
    }

    /// The settings of one input: standard input by its `--stdin-filename` (else as a file
    /// in the working directory, matched by no glob).
    static func settings(for file: InputFile, arguments: ParsedArguments, locator: inout ConfigLocator) throws
        -> FileSettings {
        let (found, path) = try lookup(file, locator: &locator)
        return try FileSettings.resolve(arguments, config: found.file, path: path)
    }

    /// The config search's result for `file`'s folder, and the path its globs are matched
    /// against: relative to the config's folder when the file is under it, else as shown.
    static func lookup(_ file: InputFile, locator: inout ConfigLocator) throws -> (ConfigLocator.Found, String?) {
        let cwd = PathBytes.join(locator.workingDirectory)
        let named = !file.isStdin || file.name != "-"
        let absolute = named ? PathBytes.components(file.isStdin ? Array(file.name.utf8) : PathBytes.bytes(file.systemPath),
                                                    workingDirectory: cwd)
                             : locator.workingDirectory + [Array("-".utf8)]
        let found = try locator.config(for: Array(absolute.dropLast()))
        guard named else { return (found, nil) }
        if let config = found.file {
            let relative = PathBytes.relative(absolute, from: config.folder)
            if !relative.starts(with: Array("../".utf8)) { return (found, PathBytes.display(relative)) }
        }
        return (found, file.name)
    }

    /// The lines `--verbose` prints on stderr: which config applied to how many inputs.
    var verboseLines: [String] {
        var lines = uses.map { use in
            let files = "\(use.files) input\(use.files == 1 ? "" : "s")"
            return use.config.isEmpty ? "no config file for \(files) (searched from each input's folder up to its repository's root)"
                : "config \(use.config) for \(files)"
        }
        if !excluded.isEmpty {
            lines.append("\(excluded.count) input\(excluded.count == 1 ? "" : "s") excluded: "
                         + excluded.prefix(5).map { "\($0.file) (\"\($0.glob)\" in \($0.config))" }.joined(separator: ", ")
                         + (excluded.count > 5 ? ", …" : ""))
        }
        return lines
    }
}
