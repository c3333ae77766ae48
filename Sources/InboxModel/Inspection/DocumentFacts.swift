import InboxCore

/// Plain facts about an inspected document, as `MessageFacts` are for messages: nearly
/// every document parsed cleanly into messages, and the rules about parse problems, empty
/// input and values of no shape have nothing to say about it. A document rule declares the
/// facts it needs (`DocumentRule.documentNeeds`); the analyzer works them out once per
/// document (`of(_:)`) and calls a document check only when they all hold.
///
/// Only a filter: a check offered a document without its facts finds nothing
/// (`RuleScopeTests` compares the two).
public struct DocumentFacts: OptionSet, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Documents that failed to parse (`InspectedDocument.parseIssue`).
    public static let parseIssue = DocumentFacts(rawValue: 1 << 0)
    /// Documents with non-fatal parser findings (`JSONDocument.warnings`).
    public static let parseWarnings = DocumentFacts(rawValue: 1 << 1)
    /// Empty input, or a container without messages (`isEmpty`, `emptyContainers`).
    public static let noMessages = DocumentFacts(rawValue: 1 << 2)
    /// Documents with values that matched no shape (`unrecognised`).
    public static let unrecognised = DocumentFacts(rawValue: 1 << 3)
    /// Documents that may have a member named `auth` (`JSONDocument.mayHaveKey`).
    public static let authKey = DocumentFacts(rawValue: 1 << 4)

    /// The facts that hold for `document`, read in place.
    static func of(_ document: InspectedDocument) -> DocumentFacts {
        var facts: UInt8 = 0
        if case .some = document.parseIssue { facts |= parseIssue.rawValue }
        // Borrowed, not bound, so the document is not retained.
        Borrowing.with(document.document) { parsed in
            if !parsed.warnings.isEmpty { facts |= parseWarnings.rawValue }
            // The bit of `auth` in the key summary (`JSONDocument.mayHaveKey`), from its
            // signature: length 4, first byte "a".
            if parsed.keySummary & KeySignature.bit(KeySignature.of(length: 4, first: UInt8(ascii: "a"))) != 0 {
                facts |= authKey.rawValue
            }
        }
        if document.isEmpty || !document.emptyContainers.isEmpty { facts |= noMessages.rawValue }
        if !document.unrecognised.isEmpty { facts |= unrecognised.rawValue }
        return DocumentFacts(rawValue: facts)
    }
}
