/// A URL string cut into its RFC 3986 parts by delimiters only, the way Foundation's
/// parser cuts it before checking any part (ranges into the string's UTF-8).
struct URLParts {
    var scheme: Range<Int>?
    var user: Range<Int>?
    var password: Range<Int>?
    var host: Range<Int>?
    var port: Range<Int>?
    var path: Range<Int>
    var query: Range<Int>?
    var fragment: Range<Int>?
    /// The host is written in brackets (`[::1]`).
    var isIPLiteral = false

    var hasAuthority: Bool { user != nil || password != nil || host != nil || port != nil }

    /// Why cutting failed: what `URL(string:)` refuses before looking at characters.
    enum Failure: Error, Equatable {
        case scheme, afterAddress, port
    }

    /// The parts of `bytes`, or why there are none.
    static func cut(_ bytes: [UInt8]) -> Result<URLParts, Failure> {
        var parts = URLParts(path: 0 ..< 0)
        let end = bytes.count
        var current = 0
        // Scheme: up to the first `:`, unless a delimiter comes first (then it is a relative
        // reference; `[`, `]` and `@` are taken as the start of an authority).
        var index = 0
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") {
                // A `:` first makes an empty scheme, which Foundation accepts.
                parts.scheme = 0 ..< index
                guard index == 0 || isScheme(bytes[0 ..< index]) else { return .failure(.scheme) }
                current = index + 1
                if current == end {
                    parts.path = end ..< end
                    return .success(parts)
                }
                break
            }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
                || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "@") {
                break
            }
            index += 1
        }
        // Authority: after `//`, up to `/`, `?` or `#`.
        if current + 1 < end, bytes[current] == UInt8(ascii: "/"), bytes[current + 1] == UInt8(ascii: "/") {
            current += 2
            let authorityStart = current
            while current < end, !isAuthorityEnd(bytes[current]) { current += 1 }
            if authorityStart == current {
                parts.host = current ..< current
            } else {
                if let failure = parts.cutAuthority(bytes, authorityStart ..< current) { return .failure(failure) }
                if let port = parts.port, !bytes[port].allSatisfy(isDigit), !ignoresPort(bytes, scheme: parts.scheme) {
                    return .failure(.port)
                }
            }
        }
        let pathStart = current
        while current < end, bytes[current] != UInt8(ascii: "?"), bytes[current] != UInt8(ascii: "#") { current += 1 }
        parts.path = pathStart ..< current
        guard current < end else { return .success(parts) }
        if bytes[current] == UInt8(ascii: "?") {
            let queryStart = current + 1
            if let pound = bytes[queryStart...].firstIndex(of: UInt8(ascii: "#")) {
                parts.query = queryStart ..< pound
                parts.fragment = pound + 1 ..< end
            } else {
                parts.query = queryStart ..< end
            }
        } else {
            parts.fragment = current + 1 ..< end
        }
        return .success(parts)
    }

    /// User and password before the last `@`, then the host (an IP literal in brackets,
    /// or up to the first `:`) and the port after it.
    private mutating func cutAuthority(_ bytes: [UInt8], _ authority: Range<Int>) -> Failure? {
        var hostStart = authority.lowerBound
        var hostEnd = authority.upperBound
        if let at = bytes[authority].lastIndex(of: UInt8(ascii: "@")) {
            if let colon = bytes[authority.lowerBound ..< at].firstIndex(of: UInt8(ascii: ":")) {
                user = authority.lowerBound ..< colon
                password = colon + 1 ..< at
            } else {
                user = authority.lowerBound ..< at
            }
            hostStart = at + 1
        }
        if hostStart < authority.upperBound, bytes[hostStart] == UInt8(ascii: "["),
           let bracket = bytes[hostStart ..< authority.upperBound].firstIndex(of: UInt8(ascii: "]")) {
            isIPLiteral = true
            hostEnd = bracket + 1
            if hostEnd != authority.upperBound {
                guard bytes[hostEnd] == UInt8(ascii: ":") else { return .afterAddress }
                port = hostEnd + 1 ..< authority.upperBound
            }
        } else if let colon = bytes[hostStart ..< authority.upperBound].firstIndex(of: UInt8(ascii: ":")) {
            hostEnd = colon
            // An empty port is no port (RFC 3986 suggests dropping the `:`).
            if colon + 1 != authority.upperBound { port = colon + 1 ..< authority.upperBound }
        }
        host = hostStart ..< hostEnd
        return nil
    }

    /// A letter, then letters, digits, `+`, `-` or `.`.
    static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, first >= UInt8(ascii: "A") else { return false }
        return bytes.allSatisfy { $0 < 0x80 && URLComponentSet.scheme.allows($0) }
    }

    private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Foundation lets an `addressbook:` URL's port be anything.
    private static func ignoresPort(_ bytes: [UInt8], scheme: Range<Int>?) -> Bool {
        guard let scheme else { return false }
        return String(decoding: bytes[scheme], as: UTF8.self).lowercased() == "addressbook"
    }
}
