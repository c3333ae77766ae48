/// "Did you mean" suggestions for option names, displayType kinds and button actions.
public enum EditDistance {
    /// Levenshtein distance over Unicode scalars, case-insensitive.
    public static func between(_ a: String, _ b: String) -> Int {
        distance(scalars(a), scalars(b))
    }

    /// The closest candidate within a distance that still reads as a typo
    /// (a third of the word, at least 1, at most 3); nil when nothing is close.
    ///
    /// Rules ask this for every unknown value, so the word is prepared once, and a
    /// candidate whose length alone differs by more than the limit (the distance is at
    /// least that difference) is passed over without computing the distance.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let limit = max(1, min(3, word.count / 3 + 1))
        let x = scalars(word)
        var best: (String, Int)?
        for candidate in candidates {
            let y = scalars(candidate)
            guard abs(x.count - y.count) <= limit else { continue }
            let distance = distance(x, y)
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// The lowercased scalars of `text`. ASCII text (nearly every value a rule meets) is
    /// lowercased byte by byte, which is what `lowercased()` does to it, without building
    /// the intermediate string.
    private static func scalars(_ text: String) -> [UInt32] {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            return utf8.map { byte in UInt32((0x41 ... 0x5A).contains(byte) ? byte | 0x20 : byte) }
        }
        return text.lowercased().unicodeScalars.map(\.value)
    }

    /// Two rows of the usual dynamic programme, in one stack buffer: rules ask this for
    /// every unknown value, and arrays per row cost more than the arithmetic. The words
    /// are read through buffer pointers (no bounds check per cell; the loops stay in range).
    private static func distance(_ x: [UInt32], _ y: [UInt32]) -> Int {
        x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in distance(x, y) } }
    }

    private static func distance(_ x: UnsafeBufferPointer<UInt32>, _ y: UnsafeBufferPointer<UInt32>) -> Int {
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        let width = y.count + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * width) { rows in
            guard var previous = rows.baseAddress else { return max(x.count, y.count) }
            var current = previous + width
            for j in 0 ..< width { previous[j] = j }
            for i in 1 ... x.count {
                current[0] = i
                let xi = x[i - 1]
                for j in 1 ... y.count {
                    let cost = xi == y[j - 1] ? 0 : 1
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                }
                swap(&previous, &current)
            }
            return previous[y.count]
        }
    }
}
