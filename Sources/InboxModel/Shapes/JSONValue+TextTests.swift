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
        let answer: Bool? = withRawStringBytes { first -> Bool? in
            other.withRawStringBytes { second in Self.differInBytes(first, second) } ?? nil
        } ?? nil
        if let answer { return answer }
        return string != other.string
    }

    /// Whether this string value, as written without escapes, has a path (up to the first
    /// `?` or `#`) ending in `.pkpass` in any ASCII case after an ASCII byte or nothing;
    /// then its decoded text does too. False when the bytes do not tell.
    var pathEndsInPKPass: Bool {
        withRawStringBytes(Self.endsInPKPass) == true
    }

    /// Whether two texts given as their UTF-8 bytes differ, when the bytes tell: false for
    /// equal bytes, true for different ASCII bytes, nil otherwise.
    private static func differInBytes(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool? {
        var high: UInt8 = 0
        var equal = first.count == second.count
        for byte in first { high |= byte }
        for byte in second { high |= byte }
        if equal {
            for index in first.indices where first[index] != second[index] {
                equal = false
                break
            }
        }
        if equal { return false }
        return high < 0x80 ? true : nil
    }

    private static func endsInPKPass(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        let suffix: StaticString = ".pkpass"
        let length = suffix.utf8CodeUnitCount
        guard end >= length, end == length || bytes[end - length - 1] < 0x80,
              bytes[end - length] == UInt8(ascii: ".") else { return false }
        let letters = suffix.utf8Start
        for offset in 1 ..< length where bytes[end - length + offset] | 0x20 != letters[offset] { return false }
        return true
    }
}
