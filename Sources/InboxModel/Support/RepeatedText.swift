/// Text made of one piece repeated, for the rule examples built at every start (IK006's
/// nesting of 600 brackets, IK901/IK902's product lists): the copies are written into the
/// string's own storage in one pass, where `String(repeating:count:)` appends a String per
/// copy.
enum RepeatedText {
    /// `piece` `count` times over (empty for a count of zero or less).
    static func of(_ piece: StaticString, count: Int) -> String {
        // Read through `withUTF8Buffer`: a one-character literal may be held as a scalar,
        // without the pointer `utf8Start` needs.
        piece.withUTF8Buffer { unit in
            let size = unit.count
            guard count > 0, size > 0, let source = unit.baseAddress else { return "" }
            return String(unsafeUninitializedCapacity: size * count) { buffer in
                guard let target = buffer.baseAddress else { return 0 }
                for copy in 0 ..< count {
                    (target + copy * size).initialize(from: source, count: size)
                }
                return size * count
            }
        }
    }
}
