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
        // The usual word, ASCII and short, is lowercased into words on the stack as its bytes
        // are read, not through `withLoweredASCII` and its closures.
        var short: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let shortCount: Int?? = word.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count <= MemoryLayout.size(ofValue: short) else { return nil }
            return withUnsafeMutableBytes(of: &short) { buffer in
                var ascii: UInt8 = 0
                for index in bytes.indices {
                    let byte = bytes[index]
                    ascii |= byte
                    buffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                }
                return ascii < 0x80 ? bytes.count : nil
            }
        }
        if let shortCount = shortCount ?? nil {
            let found = withUnsafeBytes(of: &short) { buffer in
                candidates.closest(to: UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[..<shortCount]),
                                   word: word)
            }
            return found.map { candidates.names[$0] }
        }
        let fast: Int?? = withLoweredASCII(word) { x in candidates.closest(to: x, word: word) }
        guard let fast else {
            return referenceSuggestion(for: word, among: candidates.names, limit: limit(characters: word.count))
        }
        return fast.map { candidates.names[$0] }
    }

    /// Candidates of a suggestion, prepared once: the bytes of each ASCII one lowercased,
    /// one after another in memory of its own, so a question does not read and lowercase
    /// each candidate's `String` again. A final class reading its bytes through pointers,
    /// so passing it through the question's closures copies one reference.
    final class Candidates: @unchecked Sendable { // @unchecked: filled in init, read-only after
        /// The candidates as given, in order (an earlier one wins a tie).
        let names: [String]
        /// How many candidates there are.
        private let count: Int
        /// The lowercased bytes of the ASCII candidates, one after another.
        private let bytes: UnsafeMutablePointer<UInt8>
        /// For each candidate, where its bytes start in `bytes` and how many there are; the
        /// length is -1 for one that is not ASCII (it is compared the general way).
        private let spans: UnsafeMutablePointer<(start: Int, length: Int)>

        init(_ names: [String]) {
            self.names = names
            count = names.count
            let ascii = names.map { $0.utf8.allSatisfy { $0 < 0x80 } }
            let total = names.indices.reduce(0) { $0 + (ascii[$1] ? names[$1].utf8.count : 0) }
            bytes = .allocate(capacity: max(1, total))
            spans = .allocate(capacity: max(1, names.count))
            var next = 0
            for (index, name) in names.enumerated() {
                guard ascii[index] else {
                    (spans + index).initialize(to: (start: next, length: -1))
                    continue
                }
                (spans + index).initialize(to: (start: next, length: name.utf8.count))
                for byte in name.utf8 {
                    (bytes + next).initialize(to: byte &- 0x41 < 26 ? byte | 0x20 : byte)
                    next += 1
                }
            }
        }

        deinit {
            bytes.deallocate()
            spans.deallocate()
        }

        /// The index of the closest candidate to `x` (`word` lowercased) within the limit.
        func closest(to x: UnsafeBufferPointer<UInt8>, word: String) -> Int? {
            let wordLimit = EditDistance.limit(characters: EditDistance.asciiCharacterCount(x))
            // The word's letter counts for `lowerBound`, made once, not per candidate (none
            // for a word of 255 bytes or more: each candidate then takes `bounded`).
            let counts = EditDistance.LetterCounts(x)
            let present = counts?.present ?? 0
            var best: (index: Int, distance: Int)?
            for index in 0 ..< count {
                // Within what could still win: the limit, and better than the best so far.
                let cutoff = min(wordLimit, (best?.distance ?? Int.max) - 1)
                // Nothing beats an exact match, and on a tie the earlier candidate wins.
                if cutoff < 0 { break }
                let span = spans[index]
                guard span.length >= 0 else {
                    let found = EditDistance.withLoweredASCII(names[index]) { EditDistance.bounded(x, $0, cutoff: cutoff) }
                        ?? EditDistance.reference(word, names[index])
                    if found <= cutoff { best = (index, found) }
                    continue
                }
                let y = UnsafeBufferPointer(start: bytes + span.start, count: span.length)
                if abs(x.count - y.count) > cutoff { continue }
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
                for byte in y { lacking &+= Int(truncatingIfNeeded: ~(present >> UInt32(byte & 31)) & 1) }
                if lacking > cutoff { continue }
                // Then `lowerBound` from the counts.
                var shared = 0
                for byte in y { shared &+= left.take(byte) }
                if max(x.count, y.count) - shared > cutoff { continue }
                let found = EditDistance.distance(x, y, cutoff: cutoff)
                if found <= cutoff { best = (index, found) }
            }
            return best?.index
        }
    }

    /// The distance of two lowercased words when it is at most `cutoff`, else `cutoff + 1`:
    /// a candidate whose length difference or `lowerBound` shows it cannot win is passed over.
    private static func bounded(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>, cutoff: Int) -> Int {
        abs(x.count - y.count) > cutoff || lowerBound(x, y) > cutoff ? cutoff + 1 : distance(x, y, cutoff: cutoff)
    }

    /// A word's bytes counted in the 32 buckets of `lowerBound`, held in four words so a
    /// copy per candidate is four moves. Made only for words shorter than 255 bytes (the
    /// counts are bytes).
    struct LetterCounts {
        private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        /// The buckets the word has, one bit each (bit `byte & 31`): not changed by `take`.
        private(set) var present: UInt32 = 0

        init?(_ x: UnsafeBufferPointer<UInt8>) {
            guard x.count < 255 else { return nil }
            var present: UInt32 = 0
            withUnsafeMutableBytes(of: &words) { counts in
                for byte in x {
                    counts[Int(byte & 31)] &+= 1
                    present |= 1 << UInt32(byte & 31)
                }
            }
            self.present = present
        }

        /// 1 when `byte`'s bucket still has a count (which it takes), else 0.
        @inline(__always)
        mutating func take(_ byte: UInt8) -> Int {
            withUnsafeMutableBytes(of: &words) { counts in
                let bucket = Int(byte & 31)
                guard counts[bucket] > 0 else { return 0 }
                counts[bucket] &-= 1
                return 1
            }
        }
    }

    /// How far a candidate may be from a word of `characters` characters and still be
    /// suggested: a third of the word, at least 1, at most 3.
    static func limit(characters: Int) -> Int { max(1, min(3, characters / 3 + 1)) }

    /// The number of characters of ASCII bytes: one per byte, except that CR LF is one
    /// character. Counted from the bytes: `String.count` walks grapheme breaking.
    static func asciiCharacterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = bytes.count
        var index = 1
        while index < bytes.count {
            if bytes[index] == 0x0A && bytes[index &- 1] == 0x0D { count &-= 1 }
            index &+= 1
        }
        return count
    }

    /// `body` with the bytes of `text` lowercased into a temporary (stack, for short words)
    /// buffer; nil when `text` is not all ASCII (its bytes are then not its scalars, and
    /// lowercasing is not per byte).
    private static func withLoweredASCII<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        var text = text
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
                var ascii: UInt8 = 0
                for index in 0 ..< min(bytes.count, buffer.count) {
                    let byte = bytes[index]
                    ascii |= byte
                    buffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                }
                guard ascii < 0x80 else { return nil }
                return body(UnsafeBufferPointer(buffer))
            }
        }
    }

    /// The usual dynamic programme in one row (the diagonal kept in a local), in a stack
    /// buffer. Once every cell of a row exceeds `cutoff` the distance does too (cells never
    /// decrease down a column path), so `cutoff + 1` is returned without finishing.
    /// A lower bound of the distance from the letters alone: an alignment matches at most
    /// the letters the words share (counted with repeats), and every other position of the
    /// longer word costs one edit. Far cheaper than the table, it rules out most candidates
    /// for an unknown value ("stories" shares two letters with "banner": at least 5 edits).
    /// Words of 255 bytes or more get the length difference alone (the counts are bytes).
    /// Letters are counted per letter, other bytes in buckets shared with letters, so the
    /// bound may be lower than the one from exact counts, never higher.
    static func lowerBound(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let longer = max(x.count, y.count)
        guard longer < 255 else { return abs(x.count - y.count) }
        // Counted in 32 buckets (`byte & 31`, the letters apart): bytes that share a
        // bucket can only be counted as shared where they are not, which lowers the bound,
        // so it stays a bound, with 32 counters to clear rather than 256.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { counts in
            counts.initialize(repeating: 0)
            for byte in x { counts[Int(byte & 31)] &+= 1 }
            var shared = 0
            for byte in y where counts[Int(byte & 31)] > 0 {
                counts[Int(byte & 31)] &-= 1
                shared += 1
            }
            return longer - shared
        }
    }

    static func distance(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>, cutoff: Int) -> Int {
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        let width = y.count + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: width) { buffer in
            guard let row = buffer.baseAddress else { return max(x.count, y.count) }
            for j in 0 ..< width { row[j] = j }
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
