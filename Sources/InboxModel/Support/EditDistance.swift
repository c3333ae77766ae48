import InboxCore

/// "Did you mean" suggestions for option names, displayType kinds and button actions.
public enum EditDistance {
    /// Levenshtein distance over Unicode scalars, case-insensitive.
    public static func between(_ a: String, _ b: String) -> Int {
        let fast = withLoweredASCII(a) { x in withLoweredASCII(b) { y in distance(x, y, cutoff: Int.max) } }
        if let fast, let distance = fast { return distance }
        return reference(a, b)
    }

    /// The closest candidate within a distance that still reads as a typo
    /// (a third of the word, at least 1, at most 3); nil when nothing is close.
    /// On a tie the earlier candidate wins.
    ///
    /// The candidates are prepared for this one question (`Candidates`); a caller that
    /// asks often about the same list keeps them prepared.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        suggestion(for: word, among: Candidates(candidates))
    }

    /// `suggestion(for:among:)` with the candidates prepared once. Rules ask this for every
    /// unknown value (IK201 for each unknown displayType), so the usual case (ASCII words,
    /// a handful of short candidates) stays on the stack: the word is lowercased into a
    /// stack buffer, and a candidate whose length difference or `lowerBound` shows it
    /// cannot win is passed over, told from its lowercased bytes, kept in one buffer; a
    /// distance stops as soon as a whole row exceeds it.
    static func suggestion(for word: String, among candidates: Candidates) -> String? {
        let fast: Int?? = withLoweredASCII(word) { x in candidates.closest(to: x, word: word) }
        guard let fast else {
            return referenceSuggestion(for: word, among: candidates.names, limit: limit(characters: word.count))
        }
        return fast.map { candidates.names[$0] }
    }

    /// Candidates of a suggestion, prepared once: the bytes of each ASCII one lowercased,
    /// one after another in one array, so a question does not read and lowercase each
    /// candidate's `String` again. A class, so passing it through the question's closures
    /// copies one reference.
    final class Candidates: Sendable {
        /// The candidates as given, in order (an earlier one wins a tie).
        let names: [String]
        /// The lowercased bytes of the ASCII candidates, one after another.
        private let bytes: [UInt8]
        /// For each candidate, where its bytes start in `bytes` and how many there are; the
        /// length is -1 for one that is not ASCII (it is compared the general way).
        private let places: [(start: Int, length: Int)]

        init(_ names: [String]) {
            self.names = names
            var bytes: [UInt8] = []
            var places: [(start: Int, length: Int)] = []
            places.reserveCapacity(names.count)
            for name in names {
                guard name.utf8.allSatisfy({ $0 < 0x80 }) else {
                    places.append((start: bytes.count, length: -1))
                    continue
                }
                places.append((start: bytes.count, length: name.utf8.count))
                bytes += name.utf8.lazy.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
            }
            self.bytes = bytes
            self.places = places
        }

        /// The index of the closest candidate to `x` (`word` lowercased) within the limit.
        func closest(to x: Span<UInt8>, word: String) -> Int? {
            let wordLimit = EditDistance.limit(characters: EditDistance.asciiCharacterCount(x))
            // The word's letter counts for `lowerBound`, made once, not per candidate (none
            // for a word of 255 bytes or more: each candidate then takes `bounded`).
            let counts = EditDistance.LetterCounts(x)
            let present = counts?.present ?? 0
            return bytes.withSpan { all in closest(to: x, word: word, lowered: all, counts: counts, present: present, limit: wordLimit) }
        }

        /// `closest(to:word:)` with the candidates' lowered bytes as `all`.
        private func closest(to x: Span<UInt8>, word: String, lowered all: Span<UInt8>, counts: EditDistance.LetterCounts?,
                             present: UInt32, limit wordLimit: Int) -> Int? {
            var best: (index: Int, distance: Int)?
            for index in places.indices {
                // Within what could still win: the limit, and better than the best so far.
                let cutoff = min(wordLimit, (best?.distance ?? Int.max) - 1)
                // Nothing beats an exact match, and on a tie the earlier candidate wins.
                if cutoff < 0 { break }
                let place = places[index]
                guard place.length >= 0 else {
                    let found = EditDistance.withLoweredASCII(names[index]) { EditDistance.bounded(x, $0, cutoff: cutoff) }
                        ?? EditDistance.reference(word, names[index])
                    if found <= cutoff { best = (index, found) }
                    continue
                }
                if abs(x.count - place.length) > cutoff { continue }
                let y = all.extracting(place.start ..< place.start + place.length)
                guard var left = counts else {
                    let found = EditDistance.bounded(x, y, cutoff: cutoff)
                    if found <= cutoff { best = (index, found) }
                    continue
                }
                // First the bytes of buckets the word lacks: none of them can be matched, so
                // each costs an edit. Cheaper than taking counts, and most candidates of an
                // unknown value stop here ("stories" has no bucket of b, a, n of "banner":
                // at least 4 edits).
                var lacking = 0
                for at in y.indices { lacking &+= Int(truncatingIfNeeded: ~(present >> UInt32(y[at] & 31)) & 1) }
                if lacking > cutoff { continue }
                // Then `lowerBound` from the counts.
                var shared = 0
                for at in y.indices { shared &+= left.take(y[at]) }
                if max(x.count, y.count) - shared > cutoff { continue }
                let found = EditDistance.distance(x, y, cutoff: cutoff)
                if found <= cutoff { best = (index, found) }
            }
            return best?.index
        }
    }

    /// The distance of two lowercased words when it is at most `cutoff`, else `cutoff + 1`:
    /// a candidate whose length difference or `lowerBound` shows it cannot win is passed over.
    private static func bounded(_ x: Span<UInt8>, _ y: Span<UInt8>, cutoff: Int) -> Int {
        abs(x.count - y.count) > cutoff || lowerBound(x, y) > cutoff ? cutoff + 1 : distance(x, y, cutoff: cutoff)
    }

    /// A word's bytes counted in the 32 buckets of `lowerBound`, held in one vector so a
    /// copy per candidate is two moves. Made only for words shorter than 255 bytes (the
    /// counts are bytes).
    struct LetterCounts {
        private var counts = SIMD32<UInt8>(repeating: 0)
        /// The buckets the word has, one bit each (bit `byte & 31`): not changed by `take`.
        private(set) var present: UInt32 = 0

        init?(_ x: Span<UInt8>) {
            guard x.count < 255 else { return nil }
            for index in x.indices {
                let bucket = x[index] & 31
                counts[Int(bucket)] &+= 1
                present |= 1 << UInt32(bucket)
            }
        }

        /// 1 when `byte`'s bucket still has a count (which it takes), else 0.
        @inline(__always)
        mutating func take(_ byte: UInt8) -> Int {
            let bucket = Int(byte & 31)
            guard counts[bucket] > 0 else { return 0 }
            counts[bucket] &-= 1
            return 1
        }
    }

    /// How far a candidate may be from a word of `characters` characters and still be
    /// suggested: a third of the word, at least 1, at most 3.
    static func limit(characters: Int) -> Int { max(1, min(3, characters / 3 + 1)) }

    /// The number of characters of ASCII bytes: one per byte, except that CR LF is one
    /// character. Counted from the bytes: `String.count` walks grapheme breaking.
    static func asciiCharacterCount(_ bytes: Span<UInt8>) -> Int {
        var count = bytes.count
        var index = 1
        while index < bytes.count {
            if bytes[index] == 0x0A && bytes[index &- 1] == 0x0D { count &-= 1 }
            index &+= 1
        }
        return count
    }

    /// `body` with the bytes of `text` lowercased into scratch memory (on the stack, for
    /// short words); nil when `text` is not all ASCII (its bytes are then not its scalars,
    /// and lowercasing is not per byte).
    @inline(__always)
    private static func withLoweredASCII<R>(_ text: String, _ body: (Span<UInt8>) -> R) -> R? {
        text.withUTF8Span { bytes in
            Scratch.with(bytes.count, of: UInt8(0)) { lowered in
                var ascii: UInt8 = 0
                for index in bytes.indices {
                    let byte = bytes[index]
                    ascii |= byte
                    lowered[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                }
                guard ascii < 0x80 else { return nil }
                return body(lowered.span)
            }
        }
    }

    /// A lower bound of the distance from the letters alone: an alignment matches at most
    /// the letters the words share (counted with repeats), and every other position of the
    /// longer word costs one edit. Far cheaper than the table, it rules out most candidates
    /// for an unknown value ("stories" shares two letters with "banner": at least 5 edits).
    /// Words of 255 bytes or more get the length difference alone (the counts are bytes).
    /// Letters are counted per letter, other bytes in buckets shared with letters, so the
    /// bound may be lower than the one from exact counts, never higher.
    static func lowerBound(_ x: Span<UInt8>, _ y: Span<UInt8>) -> Int {
        let longer = max(x.count, y.count)
        guard longer < 255, var counts = LetterCounts(x) else { return abs(x.count - y.count) }
        // Counted in 32 buckets (`byte & 31`, the letters apart): bytes that share a
        // bucket can only be counted as shared where they are not, which lowers the bound,
        // so it stays a bound, with 32 counters to clear rather than 256.
        var shared = 0
        for index in y.indices { shared &+= counts.take(y[index]) }
        return longer - shared
    }

    /// The usual dynamic programme in one row (the diagonal kept in a local), in scratch
    /// memory. Once every cell of a row exceeds `cutoff` the distance does too (cells never
    /// decrease down a column path), so `cutoff + 1` is returned without finishing.
    static func distance(_ x: Span<UInt8>, _ y: Span<UInt8>, cutoff: Int) -> Int {
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        return Scratch.with(y.count + 1, of: 0) { distance(x, y, cutoff: cutoff, row: &$0) }
    }

    /// `distance` with a row of at least `y.count + 1` cells to work in.
    @inline(__always)
    private static func distance(_ x: Span<UInt8>, _ y: Span<UInt8>, cutoff: Int, row: inout MutableSpan<Int>) -> Int {
        for j in 0 ... y.count { row[j] = j }
        for i in 1 ... x.count {
            let xi = x[i - 1]
            var diagonal = row[0]
            var left = i
            row[0] = i
            var rowMinimum = i
            for j in 1 ... y.count {
                let above = row[j]
                let value = Swift.min(above + 1, left + 1, diagonal + (xi == y[j - 1] ? 0 : 1))
                row[j] = value
                diagonal = above
                left = value
                rowMinimum = Swift.min(rowMinimum, value)
            }
            if rowMinimum > cutoff { return cutoff &+ 1 }
        }
        return row[y.count]
    }

    /// Any text: lowercased with `lowercased()` (which may change a word's length outside
    /// ASCII), then compared scalar by scalar with two arrays. Also the reference the tests
    /// check the fast path against.
    static func reference(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased().unicodeScalars.map(\.value))
        let y = Array(b.lowercased().unicodeScalars.map(\.value))
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0 ... y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1 ... x.count {
            current[0] = i
            for j in 1 ... y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    /// `suggestion` for a word outside ASCII, and the reference for its tests.
    /// A candidate whose length in scalars differs from the word's by more than `limit` is
    /// passed over without a table (the distance is at least that difference): a word of
    /// thousands of combining marks is one character, and filled a table per candidate.
    static func referenceSuggestion(for word: String, among candidates: [String], limit: Int) -> String? {
        var best: (String, Int)?
        let length = word.lowercased().unicodeScalars.count
        for candidate in candidates {
            guard abs(length - candidate.lowercased().unicodeScalars.count) <= limit else { continue }
            let distance = reference(word, candidate)
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }
}
