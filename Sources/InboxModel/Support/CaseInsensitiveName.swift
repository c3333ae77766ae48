/// Matching a payload's word (`displayType`, a button's `action`) against the few
/// lowercase names the SDK knows, as `text.lowercased() == name` does, without
/// lowercasing: every message's display type and every button's action is matched.
enum CaseInsensitiveName {
    /// The first of `names` (all lowercase ASCII) that `text` equals ignoring ASCII case.
    /// Non-ASCII text goes through `lowercased()`, whose Unicode rules can turn a
    /// non-ASCII letter into an ASCII one (the Kelvin sign lowercases to `k`).
    static func match<Name>(_ text: String, among names: [(name: String, value: Name)]) -> Name? {
        var text = text
        let asciiMatch: Name?? = text.withUTF8 { bytes -> Name?? in
            var isASCII = true
            for byte in bytes where byte >= 0x80 { isASCII = false; break }
            guard isASCII else { return .none }
            for candidate in names where candidate.name.utf8.count == bytes.count
                && zip(candidate.name.utf8, bytes).allSatisfy({ $0 == Self.lowercase($1) }) {
                return .some(candidate.value)
            }
            return .some(nil)
        }
        if let asciiMatch { return asciiMatch }
        let lowered = text.lowercased()
        return names.first { $0.name == lowered }?.value
    }

    @inline(__always)
    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (0x41 ... 0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
