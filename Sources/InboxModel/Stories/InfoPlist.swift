/// A property-list value, as plain data: the command line reads the file (XML or
/// binary) and converts it, so the checks here need no I/O and no Foundation.
public indirect enum PlistValue: Equatable, Sendable {
    case string(String)
    case bool(Bool)
    case number(Double)
    case array([PlistValue])
    case dictionary([String: PlistValue])
    /// A date or data value, named by its type; the checks never need its contents.
    case other(String)

    public subscript(key: String) -> PlistValue? {
        if case .dictionary(let members) = self { return members[key] }
        return nil
    }

    /// How the value reads in a finding: `"MAIN"`, `true`, `1.5`, `an array`.
    public var summary: String {
        switch self {
        case .string(let text): return ValueWording.quoted(text) // escaped and shortened as any quoted text
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return StoryNumber.text(number)
        case .array(let items):
            let texts = items.map(\.summary)
            return texts.count <= 3 ? "[" + texts.joined(separator: ", ") + "]" : "an array of \(texts.count) values"
        case .dictionary: return "a dictionary"
        case .other(let type): return "a \(type)"
        }
    }
}

/// A line and column in the plist file, when the reader could tell (XML); 1:1 otherwise.
public struct PlistPosition: Equatable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let start = PlistPosition(line: 1, column: 1)
}

/// A content extension's Info.plist, read.
public struct InfoPlist: Sendable {
    /// The path it was read from, used as the findings' source.
    public var source: String
    public var root: PlistValue
    /// Where each `<key>NAME</key>` first appears in an XML plist, by key name.
    public var keyPositions: [String: PlistPosition]

    public init(source: String, root: PlistValue, keyPositions: [String: PlistPosition] = [:]) {
        self.source = source
        self.root = root
        self.keyPositions = keyPositions
    }
}
