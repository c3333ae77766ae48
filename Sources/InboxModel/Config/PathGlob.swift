/// A path pattern of the config file's `exclude` list, matched against paths as the tool
/// reports them (`Examples/drafts/old.json`). `*` matches within one path segment, `?`
/// one character of a segment, `**` any number of whole segments. A pattern matches a
/// file when it matches its whole path or one of its directories (so `drafts/**` and
/// `drafts` both exclude what is under `drafts`), starting at any directory level
/// (`drafts` excludes `campaigns/drafts/…` too); a pattern starting with `./` or `/` is
/// anchored at the start of the path.
public struct PathGlob: Equatable, Sendable {
    public let pattern: String
    private let segments: [String]
    private let anchored: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        anchored = pattern.hasPrefix("./") || pattern.hasPrefix("/")
        segments = Self.stripCurrentDirectory(pattern).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    public func matches(_ path: String) -> Bool {
        let parts = Self.stripCurrentDirectory(path).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !segments.isEmpty else { return false }
        // The whole path or a directory of it, starting at the top or (unanchored) deeper.
        for start in 0 ..< (anchored ? min(1, parts.count) : parts.count) {
            for end in start + 1 ... parts.count where Self.match(segments[...], parts[start ..< end]) {
                return true
            }
        }
        return false
    }

    private static func stripCurrentDirectory(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return String(path)
    }

    private static func match(_ pattern: ArraySlice<String>, _ parts: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return parts.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            for skip in 0 ... parts.count where match(rest, parts.dropFirst(skip)) { return true }
            return false
        }
        guard let part = parts.first, segment(first, matches: part) else { return false }
        return match(pattern.dropFirst(), parts.dropFirst())
    }

    /// `*` and `?` inside one segment, by characters.
    static func segment(_ pattern: String, matches text: String) -> Bool {
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0
        var star: (p: Int, t: Int)?
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti], p[pi] != "*" {
                pi += 1
                ti += 1
            } else if pi < p.count, p[pi] == "*" {
                star = (pi, ti)
                pi += 1
            } else if let s = star {
                pi = s.p + 1
                ti = s.t + 1
                star = (s.p, s.t + 1)
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
