import InboxCore

/// One finding about one place in one input. Built from the value it is about, so its
/// line, column and pointer are never recomputed or guessed by a renderer.
///
/// Every message has a few findings, so a finding is cheap to build, copy and drop: its
/// code, message and pointer are bytes in a block shared with the other findings of its
/// report (see `DiagnosticText`), so a copy retains one object rather than four strings.
/// The `String`s are made when asked for; the JSON format writes the bytes as they are
/// (`withUTF8`).
public struct Diagnostic: Sendable {
    public var severity: Severity
    public var line: Int
    public var column: Int
    /// Where the texts are: the code is `text[start ..< messageStart]`, then the message
    /// up to `pointerStart`, then the pointer up to `end`.
    @usableFromInline let shared: SharedDiagnosticText
    @usableFromInline let start: Int
    @usableFromInline let messageStart: Int
    @usableFromInline let pointerStart: Int
    @usableFromInline let end: Int

    init(severity: Severity, line: Int, column: Int, shared: SharedDiagnosticText,
         start: Int, messageStart: Int, pointerStart: Int, end: Int) {
        self.severity = severity
        self.line = line
        self.column = column
        self.shared = shared
        self.start = start
        self.messageStart = messageStart
        self.pointerStart = pointerStart
        self.end = end
    }

    init(severity: Severity, line: Int, column: Int, text: DiagnosticText,
         start: Int, messageStart: Int, pointerStart: Int, end: Int) {
        self.init(severity: severity, line: line, column: column, shared: SharedDiagnosticText(block: text),
                  start: start, messageStart: messageStart, pointerStart: pointerStart, end: end)
    }

    public init(code: String, severity: Severity, message: String, source: String,
                pointer: String, line: Int, column: Int) {
        let text = DiagnosticText.single(code: code, message: message, pointer: pointer, source: source)
        let messageStart = code.utf8.count
        let pointerStart = messageStart + message.utf8.count
        self.init(severity: severity, line: line, column: column, text: text, start: 0, messageStart: messageStart,
                  pointerStart: pointerStart, end: pointerStart + pointer.utf8.count)
    }

    public init(code: String, severity: Severity, message: String, source: String,
                pointer: String, position: SourcePosition) {
        self.init(code: code, severity: severity, message: message, source: source,
                  pointer: pointer, line: position.line, column: position.column)
    }

    /// The rule's code ("IK601").
    public var code: String { string(from: start, to: messageStart) }
    /// The code of the rule that reported it.
    public var ruleCode: RuleCode { RuleCode(code) }

    /// What is wrong, in one sentence.
    public var message: String { string(from: messageStart, to: pointerStart) }

    /// The input the finding is about (a path, or "<stdin>").
    public var source: String { text.source }

    /// The RFC 6901 pointer of the value the finding is about ("" for the whole input).
    public var pointer: String { string(from: pointerStart, to: end) }

    /// Calls `body` with the UTF-8 of the code, the message and the pointer, valid only
    /// during the call: the JSON format quotes them straight from here.
    @inlinable
    package func withTexts<R>(_ body: (_ code: Span<UInt8>, _ message: Span<UInt8>,
                                       _ pointer: Span<UInt8>) throws -> R) rethrows -> R {
        let messageStart = messageStart &- start
        let pointerStart = pointerStart &- start
        return try shared.withBytes(from: start, to: end) { texts in
            try body(texts.extracting(0 ..< messageStart), texts.extracting(messageStart ..< pointerStart),
                     texts.extracting(pointerStart ..< texts.count))
        }
    }

    /// Calls `body` with the UTF-8 of the code, the message and the pointer, one after the
    /// other, and where the message and the pointer start in it; valid only during the call.
    @inlinable
    package func withJoinedTexts<R>(_ body: (_ texts: Span<UInt8>, _ messageStart: Int, _ pointerStart: Int) throws -> R)
        rethrows -> R {
        let messageStart = messageStart &- start
        let pointerStart = pointerStart &- start
        return try shared.withBytes(from: start, to: end) { try body($0, messageStart, pointerStart) }
    }

    /// UTF-8 bytes of the code, the message and the pointer together (for sizing output).
    @inlinable
    public var textByteCount: Int { end - start }

    /// Whether this finding's source is `source`: findings of one report share a block
    /// and with it one `String`, so a renderer that checks each finding against the
    /// source it is writing mostly compares two references.
    @inlinable
    public func hasSource(_ source: String) -> Bool { text.hasSource(source) }

    @inlinable
    var text: DiagnosticText { shared.block }

    /// The bytes were written from whole `String`s and phrases, so they are valid UTF-8.
    private func string(from: Int, to: Int) -> String {
        shared.withBytes(from: from, to: to) { ValidatedString.make($0) }
    }
}

extension Diagnostic: Equatable {
    public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        guard lhs.severity == rhs.severity, lhs.line == rhs.line, lhs.column == rhs.column,
              lhs.source == rhs.source else { return false }
        return lhs.withTexts { code, message, pointer in
            rhs.withTexts { otherCode, otherMessage, otherPointer in
                code.hasSameBytes(as: otherCode) && message.hasSameBytes(as: otherMessage)
                    && pointer.hasSameBytes(as: otherPointer)
            }
        }
    }
}
