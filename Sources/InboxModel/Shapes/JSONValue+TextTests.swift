import InboxCore

/// Tests of a string value's text made on its bytes where they tell, for rules that ask
/// them of nearly every message (the text is decoded only when the bytes do not tell).
extension JSONValue {
    /// Whether this value and `other`, both non-empty strings, hold different texts.
    /// Strings written without escapes are their bytes: the same bytes are the same text,
    /// and two ASCII texts (nearly every URL) differ exactly when their bytes do. Other
    /// pairs are decoded and compared as `String`s (which equates canonically equivalent
    /// texts).
    func differsInText(from other: JSONValue) -> Bool {
        let answer: Bool? = withRawStringSpan { first -> Bool? in
            other.withRawStringSpan { second in Self.differInBytes(first, second) } ?? nil
        } ?? nil
        if let answer { return answer }
        return string != other.string
    }

    /// Whether this string value, as written without escapes, has a path (up to the first
    /// `?` or `#`) ending in `.pkpass` in any ASCII case after an ASCII byte or nothing;
    /// then its decoded text does too. False when the bytes do not tell.
    var pathEndsInPKPass: Bool {
        withRawStringSpan(Self.endsInPKPass) == true
    }

    /// Whether two texts given as their UTF-8 bytes differ, when the bytes tell: false for
    /// equal bytes, true for different ASCII bytes, nil otherwise.
    private static func differInBytes(_ first: Span<UInt8>, _ second: Span<UInt8>) -> Bool? {
        var high: UInt8 = 0
        var equal = first.count == second.count
        for index in first.indices { high |= first[index] }
        for index in second.indices { high |= second[index] }
        if equal {
            for index in first.indices where first[index] != second[index] {
                equal = false
                break
            }
        }
        if equal { return false }
        return high < 0x80 ? true : nil
    }

    private static func endsInPKPass(_ bytes: Span<UInt8>) -> Bool {
        var end = 0
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            end &+= 1
        }
        // ".pkpass" as a little-endian word (`KeyBytes.head`); the letters compare in any
        // ASCII case (0x20 set), the dot as it is.
        let pkpass: UInt64 = 0x73_73_61_70_6B_70_2E
        guard end >= 7, end == 7 || bytes[end - 8] < 0x80 else { return false }
        return KeyBytes.head(bytes, from: end - 7, length: 7) | 0x20_20_20_20_20_20_00 == pkpass
    }
}
