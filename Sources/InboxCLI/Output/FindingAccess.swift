import InboxModel
import InboxCore

/// The one place the renderers reach a finding's bytes and the analyzer's records: the
/// model lends them as spans for a call (`Diagnostic.withJoinedTexts`, `withTexts`,
/// `DocumentDiagnostics.withRecordSpan`), and the renderers read them through the forms
/// below, with the finding's other fields as plain values.

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

extension Diagnostic {
    /// Calls `body` with the finding's code, message and pointer, one after the other, as
    /// one span, and its fields (`FindingFields`): read in place, valid during the call.
    @inline(__always)
    func withText<R>(_ body: (Span<UInt8>, FindingFields) -> R) -> R {
        let severity = severity, line = line, column = column
        return withJoinedTexts { texts, messageStart, pointerStart in
            body(texts, FindingFields(severity: severity, line: line, column: column, messageStart: messageStart,
                                      pointerStart: pointerStart))
        }
    }

    /// Calls `body` with the finding's code, message and pointer as spans, and its fields.
    @inline(__always)
    func withParts<R>(_ body: (_ code: Span<UInt8>, _ message: Span<UInt8>, _ pointer: Span<UInt8>,
                               FindingFields) -> R) -> R {
        let severity = severity, line = line, column = column
        return withTexts { code, message, pointer in
            body(code, message, pointer, FindingFields(severity: severity, line: line, column: column,
                                                       messageStart: code.count, pointerStart: code.count &+ message.count))
        }
    }
}

extension Span where Element == Diagnostic {
    /// `Diagnostic.withText` of the finding at `index`.
    @inline(__always)
    func withText<R>(at index: Int, _ body: (Span<UInt8>, FindingFields) -> R) -> R {
        self[index].withText(body)
    }

    /// `Diagnostic.withParts` of the finding at `index`.
    @inline(__always)
    func withParts<R>(at index: Int, _ body: (_ code: Span<UInt8>, _ message: Span<UInt8>, _ pointer: Span<UInt8>,
                                             FindingFields) -> R) -> R {
        self[index].withParts(body)
    }
}

extension Span where Element == FindingRecord {
    /// `Diagnostic.withText` of the record at `index` (records are lent by `FindingAccess.withRecords`,
    /// which holds their blocks for the call).
    @inline(__always)
    func withText<R>(at index: Int, _ body: (Span<UInt8>, FindingFields) -> R) -> R {
        let record = self[index]
        return record.withJoinedTexts { texts, messageStart, pointerStart in
            body(texts, FindingFields(severity: record.severity, line: record.line, column: record.column,
                                      messageStart: messageStart, pointerStart: pointerStart))
        }
    }
}

enum FindingAccess {
    /// Calls `body` with the analyzer's records of `diagnostics` in place, valid only during
    /// the call; nil when the findings are not kept as records.
    @inline(__always)
    static func withRecords<R>(_ diagnostics: borrowing DocumentDiagnostics, _ body: (Span<FindingRecord>) -> R) -> R? {
        diagnostics.withRecordSpan(body)
    }
}
