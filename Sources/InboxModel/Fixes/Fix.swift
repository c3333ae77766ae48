import InboxCore

/// How sure a fix is of what the author meant: `safe` fixes are applied by `validate --fix`,
/// `unsafe` ones (a guess, such as the nearest layout name) only with `--unsafe-fixes`.
public enum FixSafety: String, Sendable, Comparable {
    case safe
    case unsafe

    public static func < (lhs: FixSafety, rhs: FixSafety) -> Bool { lhs == .safe && rhs == .unsafe }
}

/// Replaces the bytes `range` of the outermost text (the file, or an NDJSON line) with
/// `replacement`; an empty range inserts. Everything outside the range stays as written.
public struct TextEdit: Equatable, Sendable {
    public var range: Range<Int>
    public var replacement: [UInt8]

    public init(_ range: Range<Int>, _ replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    public init(_ range: Range<Int>, _ replacement: String) {
        self.init(range, Array(replacement.utf8))
    }

    /// Whether both cannot be applied together: their ranges overlap, or both start at the
    /// same byte (two insertions there would have no defined order).
    func conflicts(with other: TextEdit) -> Bool {
        if range.lowerBound == other.range.lowerBound { return true }
        return range.lowerBound < other.range.upperBound && other.range.lowerBound < range.upperBound
    }
}

/// A fix a rule's check proposes with its finding: edits of the original text, applied
/// together or not at all.
public struct Fix: Sendable {
    public var safety: FixSafety
    public var edits: [TextEdit]

    public init(_ safety: FixSafety, edits: [TextEdit]) {
        self.safety = safety
        self.edits = edits
    }

    /// The member `value` under the key `name` (its value as written): what a rule about a
    /// misspelled key or one in the wrong case returns when exactly one SDK key matches.
    public static func renamingKey(of value: JSONValue, to name: String, _ safety: FixSafety = .safe) -> Fix? {
        var edits = JSONEdits()
        edits.renameKey(of: value, to: name)
        return edits.fix(safety)
    }
}

/// A fix as the report collects it: the code and pointer of the finding it repairs.
public struct ProposedFix: Sendable {
    public var code: String
    public var pointer: String
    public var fix: Fix
}

/// What a rule's fix does, for people (`rules CODE`, README's table) and for the tests,
/// which fix `before` and compare the result with `after` byte for byte.
public struct RuleFix: Sendable {
    public var safety: FixSafety
    /// What the fix changes, in a sentence.
    public var summary: String
    public var before: RuleExample
    public var after: String

    public init(_ safety: FixSafety, _ summary: String, before: RuleExample, after: String) {
        self.safety = safety
        self.summary = summary
        self.before = before
        self.after = after
    }
}

extension [TextEdit] {
    /// `text` with these edits made; they must not conflict (see `TextEdit.conflicts`).
    public func applied(to text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count + reduce(0) { $0 + $1.replacement.count })
        var copied = 0
        for edit in sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            result += text[copied ..< edit.range.lowerBound]
            result += edit.replacement
            copied = edit.range.upperBound
        }
        result += text[copied...]
        return result
    }
}
