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
        while end < bytes.count, bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") { end += 1 }
        let suffix = ".pkpass".utf8
        let length = suffix.count
        guard end >= length, end == length || bytes[end - length - 1] < 0x80,
              bytes[end - length] == UInt8(ascii: ".") else { return false }
        var offset = end - length
        for letter in suffix.dropFirst() {
            offset += 1
            guard bytes[offset] | 0x20 == letter else { return false }
        }
        return true
    }
}
