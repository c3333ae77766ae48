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
    }

    var patterns: [Pattern]

    init(_ text: String) {
        patterns = text.split(separator: "\n", omittingEmptySubsequences: true).compactMap(Self.pattern)
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
        for pattern in patterns.reversed() where !pattern.directoryOnly || isDirectory {
            if PathGlob.match(pattern.segments, parts) { return !pattern.negated }
        }
        return nil
    }
}
