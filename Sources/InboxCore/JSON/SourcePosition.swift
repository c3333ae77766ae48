/// Where something is in the file the user gave us, so every diagnostic can say "line 4, column 7"
/// and an editor can jump straight there.
///
/// `line` and `column` are 1-based. `column` counts Unicode scalars from the start of the line rather
/// than bytes, so a column after "é" or an emoji matches what a person counts. `offset` is the 0-based
/// byte offset in the outermost source (for nested documents it points into the enclosing string literal).
public struct SourcePosition: Equatable, Hashable, Sendable {
    public var offset: Int
    public var line: Int
    public var column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }
}
