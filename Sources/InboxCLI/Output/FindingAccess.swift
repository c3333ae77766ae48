import InboxModel
import InboxCore

/// The one place the renderers reach a finding's bytes and the analyzer's records: the
/// model hands them out as pointers (`Diagnostic.unsafeParts`, `DocumentDiagnostics.withRecords`),
/// and everything else in the command line reads them as spans lent for a call. When
/// the model gives them safely, only this file changes.

/// A finding's fields other than its texts, as plain values.
struct FindingFields {
    let severity: Severity
    let line: Int
    let column: Int
    /// Where the message and the pointer start in the finding's text (`withText`): the
    /// code is before the message, the pointer runs to the end.
    let messageStart: Int
    let pointerStart: Int
}

extension Diagnostic.Parts {
    /// The fields, and the code, message and pointer as one span (they are one after the
    /// other in their block: `Diagnostic`, `FindingRecord`).
    @inline(__always)
    fileprivate func withText<R>(_ body: (Span<UInt8>, FindingFields) -> R) -> R {
        let fields = FindingFields(severity: severity, line: line, column: column, messageStart: code.count,
                                   pointerStart: code.count &+ message.count)
        let text = UnsafeBufferPointer(start: code.baseAddress, count: code.count &+ message.count &+ pointer.count)
        assert(code.count == 0 || pointer.baseAddress == code.baseAddress.map { $0 + fields.pointerStart },
               "a finding's code, message and pointer are not one after the other")
        return body(text.span, fields)
    }

    @inline(__always)
    fileprivate func withParts<R>(_ body: (_ code: Span<UInt8>, _ message: Span<UInt8>, _ pointer: Span<UInt8>,
                                           FindingFields) -> R) -> R {
        let fields = FindingFields(severity: severity, line: line, column: column, messageStart: code.count,
                                   pointerStart: code.count &+ message.count)
        return body(code.span, message.span, pointer.span, fields)
    }
}

extension Diagnostic {
    /// Calls `body` with the finding's code, message and pointer, one after the other, as
    /// one span, and its fields (`FindingFields`): read in place, valid during the call.
    /// (The caller holds the finding for the call, so its texts stay where they are.)
    @inline(__always)
    func withText<R>(_ body: (Span<UInt8>, FindingFields) -> R) -> R {
        unsafeParts.withText(body)
    }

    /// Calls `body` with the finding's code, message and pointer as spans, and its fields.
    @inline(__always)
    func withParts<R>(_ body: (_ code: Span<UInt8>, _ message: Span<UInt8>, _ pointer: Span<UInt8>,
                               FindingFields) -> R) -> R {
        unsafeParts.withParts(body)
    }
}

extension Span where Element == Diagnostic {
    /// `Diagnostic.withText` of the finding at `index`, its fields read out before `body`
    /// runs: a finding still borrowed while `body` called out was copied (retained) first.
    @inline(__always)
    func withText<R>(at index: Int, _ body: (Span<UInt8>, FindingFields) -> R) -> R {
        let parts = self[index].unsafeParts
        return parts.withText(body)
    }

    /// `Diagnostic.withParts` of the finding at `index` (as `withText(at:)`).
    @inline(__always)
    func withParts<R>(at index: Int, _ body: (_ code: Span<UInt8>, _ message: Span<UInt8>, _ pointer: Span<UInt8>,
                                             FindingFields) -> R) -> R {
        let parts = self[index].unsafeParts
        return parts.withParts(body)
    }
}

extension Span where Element == FindingRecord {
    /// `Diagnostic.withText` of the record at `index` (records are lent by `FindingAccess.withRecords`).
    @inline(__always)
    func withText<R>(at index: Int, _ body: (Span<UInt8>, FindingFields) -> R) -> R {
        let parts = self[index].unsafeParts
        return parts.withText(body)
    }
}

enum FindingAccess {
    /// Calls `body` with the analyzer's records of `diagnostics` in place, valid only during
    /// the call; nil when the findings are not kept as records.
    @inline(__always)
    static func withRecords<R>(_ diagnostics: borrowing DocumentDiagnostics, _ body: (Span<FindingRecord>) -> R) -> R? {
        diagnostics.withRecords { (records: UnsafeBufferPointer<FindingRecord>) in body(records.span) }
    }
}
