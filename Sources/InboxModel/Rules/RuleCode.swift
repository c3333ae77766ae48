/// A rule's code, such as "IK203": how findings, `rules CODE`, `select`, `ignore`,
/// `severity` and baselines name a rule, and how the model names the rule a parser issue
/// is reported under. Codes are compared in upper case ("ik203" is IK203).
public struct RuleCode: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The code as findings show it.
    public let text: String
    /// The code's UTF-8 as one word, the first byte lowest, so that a finding's code is
    /// written with one store (`Report`); `byteCount` is -1 for a code longer than a word.
    let word: UInt64
    let byteCount: Int

    public init(_ text: String) {
        self.text = text.uppercased()
        var word: UInt64 = 0
        var count = 0
        for byte in self.text.utf8 {
            guard count < 8 else {
                word = 0
                count = -1
                break
            }
            word |= UInt64(byte) << UInt64(8 * count)
            count += 1
        }
        self.word = word
        byteCount = count
    }

    public init(stringLiteral text: String) { self.init(text) }

    public var description: String { text }

    public static func == (one: RuleCode, other: RuleCode) -> Bool { one.text == other.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
    public static func < (one: RuleCode, other: RuleCode) -> Bool { one.text < other.text }
}

/// Which rule codes a `select`, `ignore` or `severity` entry names: one code, a prefix of
/// codes as in ruff (`IK6` is the buttons family, `IK60` the codes IK600–IK609), or `ALL`.
public struct RuleCodePattern: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The pattern in upper case.
    public let text: String
    /// The pattern as the user wrote it, for messages and `--show-settings`.
    public let written: String

    public static let all = RuleCodePattern("ALL")

    public init(_ written: String) {
        text = written.uppercased()
        self.written = written
    }

    public init(stringLiteral text: String) { self.init(text) }

    public var description: String { written }

    public static func == (one: RuleCodePattern, other: RuleCodePattern) -> Bool { one.text == other.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    public func matches(_ code: RuleCode) -> Bool { self == .all || code.text.hasPrefix(text) }

    /// How narrow the pattern is: `ALL` least, otherwise a longer prefix more.
    public var specificity: Int { self == .all ? 0 : text.count }

    /// The code the pattern would be if it named exactly one rule.
    public var code: RuleCode { RuleCode(text) }

    /// Why the pattern names no rule of `codes`, with the closest code as a suggestion;
    /// nil when it names some.
    public func problem(among codes: [RuleCode]) -> String? {
        if self == .all || (!text.isEmpty && codes.contains(where: matches)) { return nil }
        var message = "unknown rule code '\(Excerpt.of(written))'"
        if let close = EditDistance.suggestion(for: text, among: codes.map(\.text)) { message += " (did you mean \(close)?)" }
        return message
    }
}
