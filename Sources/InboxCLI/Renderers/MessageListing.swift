import InboxModel

/// How every payload command names a message's common fields: quoted text, and the
/// contract's first keys of one message in JSON.
enum MessageListing {
    static func show(_ text: String?) -> String {
        guard let text else { return "—" }
        return "\"\(VisibleText.escaped(text))\""
    }

    /// The contract's common keys of one message.
    static func jsonKeys(_ message: Message) -> [(String, JSONOut)] {
        [
            ("source", .string(message.source)),
            ("pointer", .string(message.pointer)),
            ("line", .int(message.position.line)),
            ("column", .int(message.position.column)),
            ("shape", .string(message.shape.rawValue)),
            ("code", .optional(message.code)),
            ("title", .optional(message.title?.text)),
            ("body", .optional(message.body?.text)),
        ]
    }
}
