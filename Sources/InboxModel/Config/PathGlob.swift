/// A path pattern of the config file (`exclude`, `overrides`), matched against a path
/// relative to the config file's folder (`Examples/drafts/old.json`). `*` matches within
/// one path segment, `?` one character of a segment, `[a-z]` / `[!a-z]` one character of
/// a set, `\` makes the next character literal, `**` any number of whole segments. A
/// pattern matches a file when it matches its whole path or one of its directories (so
/// `drafts/**` and `drafts` both exclude what is under `drafts`), starting at any
/// directory level (`drafts` excludes `campaigns/drafts/…` too); a pattern starting with
/// `./` or `/` is anchored at the start of the path.
///
/// Matching is linear in the path for a given pattern: `**` is matched by moving back to
/// the last `**` only (as `*` is in a string), never by trying every split, so repeated
/// `**/` cannot make it exponential.
public struct PathGlob: Equatable, Sendable {
    public let pattern: String
    private let segments: [GlobSegment]

    public init(_ pattern: String) {
        self.pattern = pattern
        let anchored = pattern.hasPrefix("./") || pattern.hasPrefix("/")
        let own = Self.split(Self.stripCurrentDirectory(pattern)).map(GlobSegment.init)
        guard !own.isEmpty else {
            segments = []
            return
        }
        // The whole path or a directory of it, from the top or (unanchored) from any depth.
        segments = (anchored ? [] : [.anySegments]) + own + [.anySegments]
    }

    /// A pattern of whole segments, matched as they are (no implicit `**` around them).
    public init(exact segments: [GlobSegment], pattern: String) {
        self.pattern = pattern
        self.segments = segments
    }

    public func matches(_ path: String) -> Bool {
        guard !segments.isEmpty else { return false }
        return Self.match(segments, Self.split(Self.stripCurrentDirectory(path)))
    }

    /// Whether `parts` (path segments) are matched by `segments`: each segment matches one
    /// part, `**` any run of parts.
    public static func match<Parts: BidirectionalCollection<Substring>>(_ segments: [GlobSegment], _ parts: Parts) -> Bool
    where Parts.Index == Int {
        let first = parts.startIndex
        // The last segment decides most mismatches at once (a name that is not `*.json`).
        if let last = segments.last, !last.isAnySegments, let name = parts.last, !last.matches(name) { return false }
        return wildcardMatch(patternCount: segments.count, textCount: parts.count,
                             isRun: { segments[$0].isAnySegments },
                             matches: { segments[$0].matches(parts[first + $1]) })
    }

    /// Wildcard matching where some pattern elements (`isRun`) match any run of items and
    /// every other element exactly one item: greedy, going back only to the latest run
    /// element on a mismatch. That is exact for such patterns (a later run can absorb
    /// whatever an earlier one would), and takes at most pattern × text steps.
    static func wildcardMatch(patternCount: Int, textCount: Int, isRun: (Int) -> Bool,
                              matches: (Int, Int) -> Bool) -> Bool {
        var p = 0, t = 0
        var resume: (p: Int, t: Int)?
        while t < textCount {
            if p < patternCount, isRun(p) {
                resume = (p, t)
                p += 1
            } else if p < patternCount, matches(p, t) {
                p += 1
                t += 1
            } else if let last = resume {
                p = last.p + 1
                t = last.t + 1
                resume = (last.p, last.t + 1)
            } else {
                return false
            }
        }
        while p < patternCount, isRun(p) { p += 1 }
        return p == patternCount
    }

    public static func split(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func stripCurrentDirectory(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return String(path)
    }
}

/// One segment of a glob: `**`, or characters, `?`, `*` and `[…]` sets matched against
/// one path segment, greedily with a return to the latest `*` (linear in the segment).
public struct GlobSegment: Equatable, Sendable {
    enum Token: Equatable, Sendable {
        case character(Character)
        case anyCharacter
        case anyRun
        case set([ClosedRange<Character>], negated: Bool)
    }

    /// The common forms, matched on the string without taking it apart: most patterns
    /// (`node_modules`, `*.json`, `draft-*`) are one of these.
    enum Form: Equatable, Sendable {
        case literal(String)
        case suffix(String)
        case prefix(String)
        case anything
        case general
    }

    let tokens: [Token]
    let form: Form
    public let isAnySegments: Bool

    public static let anySegments = GlobSegment(tokens: [], isAnySegments: true)

    /// The ending every name this segment matches has, when it is `*` and that ending.
    public var literalSuffix: String? {
        if case .suffix(let text) = form { return text }
        return nil
    }

    /// The name this segment matches when it has no wildcard, else nil.
    public var literalText: String? {
        if case .literal(let text) = form, !isAnySegments { return text }
        return nil
    }

    private init(tokens: [Token], isAnySegments: Bool) {
        self.tokens = tokens
        self.isAnySegments = isAnySegments
        form = Self.form(tokens)
    }

    private static func form(_ tokens: [Token]) -> Form {
        func literal(_ part: ArraySlice<Token>) -> String? {
            var text = ""
            for token in part {
                guard case .character(let character) = token else { return nil }
                text.append(character)
            }
            return text
        }
        if tokens == [.anyRun] { return .anything }
        if let text = literal(tokens[...]) { return .literal(text) }
        if tokens.first == .anyRun, let text = literal(tokens.dropFirst()) { return .suffix(text) }
        if tokens.last == .anyRun, let text = literal(tokens.dropLast()) { return .prefix(text) }
        return .general
    }

    public init(_ text: Substring) {
        if text == "**" {
            self.init(tokens: [], isAnySegments: true)
            return
        }
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            switch character {
            case "\\" where index < characters.count:
                tokens.append(.character(characters[index]))
                index += 1
            case "?": tokens.append(.anyCharacter)
            case "*": if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "[":
                if let (set, next) = Self.set(characters, from: index) {
                    tokens.append(set)
                    index = next
                } else {
                    tokens.append(.character("["))
                }
            default: tokens.append(.character(character))
            }
        }
        self.init(tokens: tokens, isAnySegments: false)
    }

    /// A `[…]` set starting after its `[`, and the index after its `]`; nil when unclosed.
    private static func set(_ characters: [Character], from start: Int) -> (Token, Int)? {
        var index = start
        var negated = false
        if index < characters.count, characters[index] == "!" || characters[index] == "^" {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<Character>] = []
        var first = true
        while index < characters.count {
            var low = characters[index]
            if low == "]" && !first { return (.set(ranges, negated: negated), index + 1) }
            first = false
            if low == "\\", index + 1 < characters.count {
                index += 1
                low = characters[index]
            }
            index += 1
            if index + 1 < characters.count, characters[index] == "-", characters[index + 1] != "]" {
                let high = characters[index + 1]
                ranges.append(low <= high ? low ... high : high ... low)
                index += 2
            } else {
                ranges.append(low ... low)
            }
        }
        return nil
    }

    public func matches<Text: StringProtocol>(_ text: Text) -> Bool {
        if isAnySegments { return true }
        switch form {
        case .literal(let literal): return text == literal
        case .suffix(let suffix): return text.hasSuffix(suffix)
        case .prefix(let prefix): return text.hasPrefix(prefix)
        case .anything: return true
        case .general: break
        }
        let characters = Array(text)
        return PathGlob.wildcardMatch(patternCount: tokens.count, textCount: characters.count,
                                      isRun: { tokens[$0] == .anyRun },
                                      matches: { Self.token(tokens[$0], matches: characters[$1]) })
    }

    private static func token(_ token: Token, matches character: Character) -> Bool {
        switch token {
        case .character(let expected): return expected == character
        case .anyCharacter: return true
        case .anyRun: return true
        case .set(let ranges, let negated): return ranges.contains { $0.contains(character) } != negated
        }
    }
}
