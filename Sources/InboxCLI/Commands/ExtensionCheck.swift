import InboxModel

/// The `--plist` / `--aspect-ratio` check of the story content extension, shared by
/// `stories` (which shows it) and `validate` (which counts its IK812 findings).
enum ExtensionCheck {
    /// The checked Info.plist, or nil when `--plist` is not given. Throws `UsageError`
    /// for an unreadable plist or a bad `--aspect-ratio`.
    static func info(arguments: ParsedArguments, console: Console, command: String? = nil) throws -> ExtensionInfo? {
        let ratio = try aspectRatio(arguments, command: command)
        guard let path = arguments.value(ExtensionOptions.plist.name) else {
            if arguments.value(ExtensionOptions.aspectRatio.name) != nil {
                console.problem("note: --aspect-ratio is only used with --plist")
            }
            return nil
        }
        return ExtensionInfo(plist: try InfoPlistReader.read(path, command: command), aspectRatio: ratio)
    }

    /// The IK812 findings of `--plist` ([] without it), for `validate`.
    static func diagnostics(arguments: ParsedArguments, console: Console, command: String? = nil) throws -> [Diagnostic] {
        guard let info = try info(arguments: arguments, console: console, command: command) else { return [] }
        return InfoPlistMismatch().diagnostics(for: info)
    }

    /// `--aspect-ratio`: a positive number (height ÷ width), 1.5 when not given.
    static func aspectRatio(_ arguments: ParsedArguments, command: String?) throws -> Double {
        guard let text = arguments.value(ExtensionOptions.aspectRatio.name) else { return ExtensionInfo.defaultAspectRatio }
        guard let ratio = Double(text.trimmed), ratio.isFinite, ratio > 0 else {
            throw UsageError("invalid value '\(text)' for --aspect-ratio: expected a positive number such as 1.5",
                             command: command)
        }
        return ratio
    }
}
