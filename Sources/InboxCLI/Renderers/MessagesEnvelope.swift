import InboxModel

/// The JSON document `resolve` and `buttons` print, and the exit code of every command that
/// lists messages (resolve, buttons, stories): inputs that are not payloads count the same way.
enum MessagesEnvelope {
    /// `{"tool", "profile", "messages", "diagnostics"}`; the top-level diagnostics are
    /// findings about documents that hold no message.
    static func json(profile: SDKProfile, messages: [JSONOut], documentFindings: [JSONOut]) -> String {
        JSONOut.object([
            ("tool", .tool()), ("profile", .string(profile.name)),
            ("messages", .array(messages)), ("diagnostics", .array(documentFindings)),
        ]).serialized()
    }

    /// 2 for an unreadable path, 1 when a document yielded no message, else 0.
    static func exitCode(_ result: (totals: Totals, pathFailed: Bool)) -> Int32 {
        if result.pathFailed { return ExitCode.usage }
        return result.totals.unusableDocuments > 0 ? ExitCode.findings : ExitCode.success
    }
}
