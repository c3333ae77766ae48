/// Matching a payload's word (`displayType`, a button's `action`) against the few
/// lowercase names the SDK knows, as `text.lowercased() == name` does, without
/// lowercasing: every message's display type and every button's action is matched.
enum CaseInsensitiveName {
    /// The first of `names` (all lowercase ASCII) that `text` equals ignoring ASCII case.
    /// Non-ASCII text goes through `lowercased()`, whose Unicode rules can turn a
    /// non-ASCII letter into an ASCII one (the Kelvin sign lowercases to `k`).
    static func match<Name>(_ text: String, among names: [(name: String, value: Name)]) -> Name? {
        var text = text
        if let asciiMatch = text.withUTF8({ asciiMatch($0, among: names) }) { return asciiMatch }
        let lowered = text.lowercased()
        return names.first { $0.name == lowered }?.value
    }

    /// `match` of a JSON string, read from its bytes (nil for non-strings); only non-ASCII
    /// text is decoded.
    static func match<Name>(_ value: JSONValue, among names: [(name: String, value: Name)]) -> Name? {
        guard let asciiMatch = value.withStringBytes({ asciiMatch($0, among: names) }) else { return nil }
        if let asciiMatch { return asciiMatch }
        guard let lowered = value.string?.lowercased() else { return nil }
        return names.first { $0.name == lowered }?.value
    }

    /// The answer for ASCII `bytes` (`.some(nil)`: no name matches); nil when they are
    /// not ASCII and need Unicode lowercasing.
    private static func asciiMatch<Name>(_ bytes: UnsafeBufferPointer<UInt8>,
                                         among names: [(name: String, value: Name)]) -> Name?? {
        var isASCII = true
        for byte in bytes where byte >= 0x80 { isASCII = false; break }
        guard isASCII else { return .none }
        for candidate in names {
            var name = candidate.name
            let equal = name.withUTF8 { name -> Bool in
                guard name.count == bytes.count else { return false }
                for index in 0 ..< name.count where name[index] != lowercase(bytes[index]) { return false }
                return true
            }
            if equal { return .some(candidate.value) }
        }
        return .some(nil)
    }

    @inline(__always)
    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (0x41 ... 0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
