import InboxModel

/// The normalised view of each message (shape, title, body, image, findings): what every
/// payload command shows before its own analysis.
struct MessageListing {
    var style: Style
    var quiet: Bool

    func text(_ document: InspectedDocument, _ diagnostics: DocumentDiagnostics, into out: OutputBuffer) {
        for diagnostic in diagnostics.document {
            out.line(FindingText.header(source: document.source, line: diagnostic.line, pointer: diagnostic.pointer, style: style))
            out.line(FindingText.line(diagnostic, style: style))
            out.line()
        }
        for (inspected, findings) in zip(document.messages, diagnostics.messages) {
            let message = inspected.message
            if quiet && findings.isEmpty { continue }
            out.line(FindingText.header(source: document.source, line: message.position.line, pointer: message.pointer, style: style))
            if !quiet {
                out.line("  shape  \(message.shape.rawValue)")
                out.line("  title  \(Self.show(message.title?.text))")
                out.line("  body   \(Self.show(message.body?.text))")
                if let image = message.image {
                    out.line("  image  \(Self.show(image.url))  (\(image.origin.rawValue))")
                }
            }
            for finding in findings { out.line(FindingText.line(finding, style: style)) }
            out.line()
        }
    }

    static func show(_ text: String?) -> String {
        guard let text else { return "—" }
        return "\"\(text)\""
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
