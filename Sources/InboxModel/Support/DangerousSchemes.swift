/// Quick tests before `URLScheme.isDangerous` (IK303, IK609), which compares a scheme with
/// three Strings: every URL of every message is asked, and the three dangerous schemes
/// (javascript, data, file) all start with a letter that almost no real scheme does.
extension URLScheme {
    /// Whether `scheme` (lowercased, as `URLScheme.of` gives it) can be a dangerous one.
    @inline(__always)
    static func mayBeDangerous(_ scheme: String?) -> Bool {
        guard let first = scheme?.utf8.first else { return false }
        return startsDangerous(first)
    }

    /// Whether the URL held in `value` can have a dangerous scheme, from its first byte in
    /// either case; a string with escapes is let through, to be decoded.
    @inline(__always)
    static func mayStartDangerous(_ value: JSONValue) -> Bool {
        guard value.kind == .string else { return false }
        guard let first = value.firstRawStringByte else { return true }
        return startsDangerous(first | 0x20)
    }

    @inline(__always)
    private static func startsDangerous(_ lowercaseByte: UInt8) -> Bool {
        lowercaseByte == UInt8(ascii: "j") || lowercaseByte == UInt8(ascii: "d") || lowercaseByte == UInt8(ascii: "f")
    }
}
