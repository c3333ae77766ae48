import InboxCore

/// The documents a document rule can have findings for, as `MessageScope` is for
/// messages: nearly every document parsed cleanly into messages, and the rules about
/// parse problems, empty input and values of no shape have nothing to say about it. The
/// analyzer works out these facts once per document (`of(_:)`) and calls a document
/// check only when every fact of its scope holds (`RuleChecks`).
///
/// Only an optimisation: a check offered a document outside its scope finds nothing
/// (`RuleScopeTests` compares the two).
public struct DocumentScope: OptionSet, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Documents that failed to parse (`InspectedDocument.parseIssue`).
    public static let parseIssue = DocumentScope(rawValue: 1 << 0)
    /// Documents with non-fatal parser findings (`JSONDocument.warnings`).
    public static let parseWarnings = DocumentScope(rawValue: 1 << 1)
    /// Empty input, or a container without messages (`isEmpty`, `emptyContainers`).
    public static let noMessages = DocumentScope(rawValue: 1 << 2)
    /// Documents with values that matched no shape (`unrecognised`).
    public static let unrecognised = DocumentScope(rawValue: 1 << 3)
    /// Documents that may have a member named `auth` (`JSONDocument.mayHaveKey`).
    public static let authKey = DocumentScope(rawValue: 1 << 4)
    /// Every document: the scope of a rule that does not narrow it.
    public static let every: DocumentScope = []

    /// The facts that hold for `document`, read in place (taking a list retained it).
    static func of(_ document: InspectedDocument) -> DocumentScope {
        var facts: UInt8 = 0
        // Matched, not compared with nil (see `MessageScope.of`).
        if case .some = document.parseIssue { facts |= parseIssue.rawValue }
        // Borrowed, not bound: binding the optional document retained and released it.
        if let parsed = document.document.map(Unmanaged.passUnretained) {
            parsed._withUnsafeGuaranteedRef { parsed in
                if !parsed.warnings.isEmpty { facts |= parseWarnings.rawValue }
                // The bit of `auth` in the key summary (`JSONDocument.mayHaveKey`), from its
                // signature: length 4, first byte "a".
                if parsed.keySummary & KeySignature.bit(KeySignature.of(length: 4, first: UInt8(ascii: "a"))) != 0 {
                    facts |= authKey.rawValue
                }
            }
        }
        if document.isEmpty || !document.emptyContainers.isEmpty { facts |= noMessages.rawValue }
        if !document.unrecognised.isEmpty { facts |= unrecognised.rawValue }
        return DocumentScope(rawValue: facts)
    }
}
