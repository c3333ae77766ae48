/// The inputs of one invocation, found before anything is read: the files in order, and
/// the paths that failed (could not be read, or gave nothing to read). Renderers get the
/// failures as they are (`ValidateSummary.unreadable`), so a report can say the run
/// did not check what it was asked to.
struct InputSet {
    var files: [InputFile]
    var failures: [InputFailure]
    /// Directories and globs that found no payload file (not yet failures: see `requireInput`).
    var emptySearches: [InputWalker.EmptySearch]

    /// Walks the paths of the invocation (standard input when none is given and stdin
    /// is not a terminal).
    static func gather(_ arguments: ParsedArguments, console: Console) throws -> InputSet {
        var paths = arguments.paths
        if paths.isEmpty {
            guard !console.stdinIsTerminal else {
                throw UsageError("no input: give one or more paths, or pipe JSON on standard input (use - for stdin)")
            }
            paths = ["-"]
        }
        let walker = InputWalker(forceNDJSON: arguments.has(CommonOptions.ndjson.name),
                                 respectsIgnores: !arguments.has(CommonOptions.noIgnore.name),
                                 stdinName: arguments.value(CommonOptions.stdinFilename.name))
        let outcome = walker.expand(paths)
        return InputSet(files: outcome.files,
                        failures: outcome.failures.map { InputFailure(path: $0.path, reason: $0.reason, kind: .unreadable) },
                        emptySearches: outcome.empty)
    }

    /// Never green by accident: a directory or glob that found nothing, or a run left
    /// with no input at all (`excluded` files were dropped by the config), is a failure
    /// unless `allowEmpty` (`--allow-empty`).
    mutating func requireInput(allowEmpty: Bool, excluded: Int = 0, excludedBy config: String? = nil) {
        guard !allowEmpty else { return }
        for search in emptySearches {
            var reason = search.isGlob ? "no file matches this pattern"
                : "no " + InputFailure.searchedNames + " file in it (hidden entries skipped)"
            if search.ignored > 0 {
                reason += "; \(search.ignored) skipped by .gitignore or as dependency folders (--no-ignore reads them)"
            }
            failures.append(InputFailure(path: search.path, reason: reason, kind: .noInput))
        }
        if files.isEmpty && failures.isEmpty {
            var reason = "every input is excluded"
            if let config { reason += " by the \"exclude\" globs of \(config)" }
            if excluded > 0 { reason += " (\(excluded) file\(excluded == 1 ? "" : "s"))" }
            failures.append(InputFailure(path: "", reason: reason, kind: .noInput))
        }
    }
}

/// A path that could not be checked: exit code 2, a line on stderr, and (for `validate`)
/// a failed run in every report format.
struct InputFailure: Equatable {
    enum Kind: Equatable {
        /// It could not be opened or read (missing, a dangling link, no permission…).
        case unreadable
        /// It gave no input: a directory or glob with no payload file, or everything excluded.
        case noInput
    }

    /// The path as given or found; empty when the whole run had no input.
    var path: String
    var reason: String
    var kind: Kind = .unreadable

    static let searchedNames = "*.json, *.jsonl, *.ndjson or *.apns"

    /// The line on stderr (after the tool's name).
    var message: String {
        switch kind {
        case .unreadable: return "cannot read '\(path)': \(reason)"
        case .noInput:
            let subject = path.isEmpty ? "" : " in '\(path)'"
            return "no input\(subject): \(reason) (--allow-empty accepts this)"
        }
    }
}
