/// Why `URL(string:)` on iOS returns nil for a URL, in words a marketer can act on.
public enum URLRejection: Error, Equatable, Sendable {
    /// The part before the first `:` is not a scheme (`1x:`, `a b:`).
    case scheme
    /// Something other than `:port` follows the `]` of a bracketed address.
    case afterAddress
    /// The port holds something other than digits (`http://x:80a`).
    case port
    /// The host holds a space.
    case hostSpace
    /// The host holds a `%` not followed by two hex digits.
    case hostPercent
    /// The host holds a character no host may hold (`<`, `"`, a control character…).
    case hostCharacter
    /// The host is international but not a valid internationalised domain name (an empty
    /// label, a label that starts with a hyphen or a mark, letters of opposite writing
    /// directions mixed, a label over 63 characters once converted…).
    case hostName
    /// The bracketed address holds characters an address may not hold.
    case address

    /// The reason, for a finding: "iOS rejects the URL: …".
    public var reason: String {
        switch self {
        case .scheme: return "the part before the first \":\" is not a scheme"
        case .afterAddress: return "something other than \":port\" follows the \"]\" of the address"
        case .port: return "its port is not a number"
        case .hostSpace: return "its host contains a space"
        case .hostPercent: return "its host contains a \"%\" not followed by two hex digits"
        case .hostCharacter: return "its host contains a character a host cannot hold"
        case .hostName: return "its host is not a valid international domain name"
        case .address: return "its bracketed address contains characters an address cannot hold"
        }
    }
}
