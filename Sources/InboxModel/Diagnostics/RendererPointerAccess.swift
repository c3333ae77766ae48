import InboxCore

// The findings' texts as pointers, for the renderers until they read them through spans
// (`Diagnostic.withTexts`, `DocumentDiagnostics.withRecordSpan` and `withTexts(of:)`).
// Remove this file once nothing in Sources/InboxCLI calls it.

extension Diagnostic {
    /// What a renderer writes of a finding, with the texts as UTF-8 in place.
    @usableFromInline
    package struct Parts {
        @usableFromInline package let code: UnsafeBufferPointer<UInt8>
        @usableFromInline package let message: UnsafeBufferPointer<UInt8>
        @usableFromInline package let pointer: UnsafeBufferPointer<UInt8>
        @usableFromInline package let severity: Severity
        @usableFromInline package let line: Int
        @usableFromInline package let column: Int

        @inlinable @inline(__always)
        init(base: UnsafePointer<UInt8>, start: Int, messageStart: Int, pointerStart: Int, end: Int,
             severity: Severity, line: Int, column: Int) {
            code = UnsafeBufferPointer(start: base + start, count: messageStart &- start)
            message = UnsafeBufferPointer(start: base + messageStart, count: pointerStart &- messageStart)
            pointer = UnsafeBufferPointer(start: base + pointerStart, count: end &- pointerStart)
            self.severity = severity
            self.line = line
            self.column = column
        }
    }

    /// The finding's parts, its texts in place: valid only while this diagnostic (or a copy
    /// of it) is alive.
    @inlinable
    package var unsafeParts: Parts {
        Parts(base: UnsafePointer(shared.base), start: start, messageStart: messageStart, pointerStart: pointerStart,
              end: end, severity: severity, line: line, column: column)
    }
}

extension FindingRecord {
    /// The finding's parts, its texts in place: valid while the records it is in are alive.
    @inlinable @inline(__always)
    package var unsafeParts: Diagnostic.Parts {
        Diagnostic.Parts(base: address.base, start: Int(start), messageStart: Int(messageStart),
                         pointerStart: Int(pointerStart), end: Int(end), severity: severity, line: line, column: column)
    }
}

extension FindingRecords {
    /// Calls `body` with the records, valid only during the call (`withRecordSpan` as a buffer).
    @inlinable
    package func withRecords<R>(_ body: (UnsafeBufferPointer<FindingRecord>) throws -> R) rethrows -> R {
        try withRecordSpan { try $0.withUnsafeBufferPointer(body) }
    }
}

extension DocumentDiagnostics {
    /// Calls `body` with the records in place when the findings are kept as records, valid
    /// only during the call; nil otherwise (`withRecordSpan` as a buffer).
    @inlinable
    package func withRecords<R>(_ body: (UnsafeBufferPointer<FindingRecord>) throws -> R) rethrows -> R? {
        try withRecordSpan { try $0.withUnsafeBufferPointer(body) }
    }
}
