/// One finding about one place in one input. Built from the value it is about, so its
/// line, column and pointer are never recomputed or guessed by a renderer.
public struct Diagnostic: Equatable, Sendable {
    public var code: String
    public var severity: Severity
    public var message: String
    public var source: String
    public var pointer: String
    public var line: Int
    public var column: Int

    public init(code: String, severity: Severity, message: String, source: String,
                pointer: String, line: Int, column: Int) {
        self.code = code
        self.severity = severity
        self.message = message
        self.source = source
        self.pointer = pointer
        self.line = line
        self.column = column
    }

    public init(code: String, severity: Severity, message: String, source: String,
                pointer: String, position: SourcePosition) {
        self.init(code: code, severity: severity, message: message, source: source,
                  pointer: pointer, line: position.line, column: position.column)
    }
}
