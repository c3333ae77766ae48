import InboxModel

/// Applies the config's `exclude` globs to the inputs of an invocation: directories are
/// expanded here (as the input pipeline would) so each file can be matched by the path it
/// is reported under, and the pipeline is then given the files that remain. Paths that
/// cannot be read are passed through so the pipeline reports them as usual.
enum InputExclusion {
    struct Result: Equatable {
        var paths: [String]
        /// Every input was excluded: there is nothing to check (and stdin must not be read).
        var everythingExcluded: Bool
    }

    static func apply(_ exclude: [PathGlob], to paths: [String], forceNDJSON: Bool) -> Result {
        guard !exclude.isEmpty, !paths.isEmpty else { return Result(paths: paths, everythingExcluded: false) }
        let (files, failures) = InputWalker(forceNDJSON: forceNDJSON).expand(paths)
        let kept = files.map(\.name).filter { name in name == "-" || !exclude.contains { $0.matches(name) } }
        let failed = failures.map(\.path)
        return Result(paths: kept + failed, everythingExcluded: kept.isEmpty && failed.isEmpty)
    }
}
