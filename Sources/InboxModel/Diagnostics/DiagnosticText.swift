import InboxCore

/// The text of diagnostics: the code, message and pointer of each finding as UTF-8, one
/// after another in a core `TextBlock`, with the source they all share.
///
/// A `Diagnostic` holding four `String`s cost up to three allocations to build (message,
/// pointer, and the phrase they came from), four retains on every copy and four releases
/// with a `free` each at the end. The findings of one report share blocks instead:
/// building a finding copies its bytes into the block, a copy of it retains one object,
/// and the last release frees the whole block at once.
@usableFromInline
typealias DiagnosticText = TextBlock

/// A `DiagnosticText` as diagnostics and reports hold it (`SharedTextBlock`: sendable, as
/// a block's bytes are written before it is shared).
@usableFromInline
typealias SharedDiagnosticText = SharedTextBlock

extension TextBlock {
    /// A block holding one finding's texts (for diagnostics made from strings).
    static func single(code: String, message: String, pointer: String, source: String) -> DiagnosticText {
        holding([code, message, pointer], source: source)
    }
}
