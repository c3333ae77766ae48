import InboxModel

/// The patterns of one `.gitignore` or `.git/info/exclude`, read as git documents them
/// (gitignore(5)): blank lines and `#` comments skipped, trailing spaces dropped unless
/// escaped, `!` re-includes, a trailing `/` matches directories only, a pattern with a
/// `/` before its end is anchored at the file's folder (a leading `/` only anchors), one
/// without matches a name at any depth, `**` spans folders and a trailing `/**` matches
/// everything inside (not the folder itself). The last matching line decides.
struct IgnoreFile {
    struct Pattern {
        var segments: [GlobSegment]
        var negated: Bool
        var directoryOnly: Bool
        /// Its line's place among the file's patterns: the last that matches decides.
        var order = 0
    }

    /// Patterns whose last segment is a plain name (`build/`, `/dist`, `a/b.json`) by
    /// `name:` and that name, or a name ending (`*.log`, `*.draft.json`) by `extension:`
    /// and its extension, so an entry is only matched against those that can match its
    /// name; the others (`logs/**`, `a?c`) in order.
    private var byName: [String: [Pattern]] = [:]
    private var others: [Pattern] = []

    init(_ text: String) {
        let patterns = text.split(separator: "\n", omittingEmptySubsequences: true).compactMap(Self.pattern)
        for (order, var pattern) in patterns.enumerated() {
            pattern.order = order
            if let name = pattern.segments.last?.literalText {
                byName["name:" + name, default: []].append(pattern)
            } else if let ending = pattern.segments.last?.literalSuffix, let dot = ending.lastIndex(of: ".") {
                byName["extension:" + ending[ending.index(after: dot)...], default: []].append(pattern)
            } else {
                others.append(pattern)
            }
        }
    }

    private static func pattern(_ raw: Substring) -> Pattern? {
        var line = raw
        if line.hasSuffix("\r") { line = line.dropLast() }
        while line.hasSuffix(" "), !line.hasSuffix("\\ ") { line = line.dropLast() }
        guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
        var negated = false
        if line.hasPrefix("!") {
            negated = true
            line = line.dropFirst()
        }
        var directoryOnly = false
        while line.hasSuffix("/") {
            directoryOnly = true
            line = line.dropLast()
        }
        guard !line.isEmpty else { return nil }
        let anchored = line.contains("/")
        var segments = line.split(separator: "/", omittingEmptySubsequences: true).map(GlobSegment.init)
        if !anchored { segments.insert(.anySegments, at: 0) }
        if segments.count > 1, segments.last?.isAnySegments == true {
            segments.insert(GlobSegment("*"), at: segments.count - 1) // at least one name inside
        }
        return Pattern(segments: segments, negated: negated, directoryOnly: directoryOnly)
    }

    /// What this file says of the entry at `parts` (relative to the file's folder):
    /// true ignored, false re-included by a `!` line, nil nothing.
    func verdict(_ parts: ArraySlice<Substring>, isDirectory: Bool) -> Bool? {
        guard let name = parts.last else { return nil }
        func applies(_ pattern: Pattern) -> Bool {
            (!pattern.directoryOnly || isDirectory) && PathGlob.match(pattern.segments, parts)
        }
        let byExtension = name.lastIndex(of: ".").flatMap { byName["extension:" + name[name.index(after: $0)...]] }
        var last = [byName["name:" + name]?.last(where: applies), byExtension?.last(where: applies)]
            .compactMap { $0 }.max { $0.order < $1.order }
        for pattern in others.reversed() {
            if let found = last, pattern.order < found.order { break }
            if applies(pattern) {
                last = pattern
                break
            }
        }
        return last.map { !$0.negated }
    }
}
