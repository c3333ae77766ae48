import InboxCore

/// The general case of `URLReading`: a URL cut into parts, each part checked against its
/// characters, and a URL with a failing part rebuilt with that part percent-encoded (an
/// international host converted to its ASCII form instead), as Foundation's RFC 3986
/// parser does. Only URLs that are not plain ASCII come here.
enum URLRepair {
    static func read(_ bytes: [UInt8]) -> URLReading {
        guard !bytes.isEmpty else { return .rejected(.scheme) }
        let parts: URLParts
        switch URLParts.cut(bytes) {
        case .success(let cut): parts = cut
        case .failure(.scheme): return .rejected(.scheme)
        case .failure(.afterAddress): return .rejected(.afterAddress)
        case .failure(.port): return .rejected(.port)
        }
        let userOK = parts.user.map { URLComponentSet.userinfo.accepts(bytes[$0]) } ?? true
        let passwordOK = parts.password.map { URLComponentSet.userinfo.accepts(bytes[$0]) } ?? true
        let hostOK = parts.host.map { isValidHost(bytes[$0], ipLiteral: parts.isIPLiteral) } ?? true
        let pathOK = URLComponentSet.path.accepts(bytes[parts.path])
        let queryOK = parts.query.map { URLComponentSet.query.accepts(bytes[$0]) } ?? true
        let fragmentOK = parts.fragment.map { URLComponentSet.query.accepts(bytes[$0]) } ?? true
        if userOK, passwordOK, hostOK, pathOK, queryOK, fragmentOK { return .asWritten }

        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 3)
        if let scheme = parts.scheme {
            out += bytes[scheme]
            out.append(UInt8(ascii: ":"))
        }
        if parts.hasAuthority { out += [UInt8(ascii: "/"), UInt8(ascii: "/")] }
        if let user = parts.user {
            append(bytes[user], valid: userOK, set: .userinfo, to: &out)
            if let password = parts.password {
                out.append(UInt8(ascii: ":"))
                append(bytes[password], valid: passwordOK, set: .userinfo, to: &out)
            }
            out.append(UInt8(ascii: "@"))
        }
        if let host = parts.host {
            if hostOK {
                out += bytes[host]
            } else {
                switch repairedHost(bytes[host], ipLiteral: parts.isIPLiteral, scheme: parts.scheme.map { bytes[$0] }) {
                case .success(let repaired): out += repaired
                case .failure(let reason): return .rejected(reason)
                }
            }
        }
        // The port is written again as a number: leading zeros go, one too large to be an
        // Int (or not a number, for `addressbook:`) goes entirely.
        if let port = parts.port, let number = Int(String(decoding: bytes[port], as: UTF8.self)) {
            out.append(UInt8(ascii: ":"))
            out += Array(String(number).utf8)
        }
        if pathOK {
            out += bytes[parts.path]
        } else {
            encodePath(bytes[parts.path], into: &out)
        }
        if let query = parts.query {
            out.append(UInt8(ascii: "?"))
            append(bytes[query], valid: queryOK, set: .query, to: &out)
        }
        if let fragment = parts.fragment {
            out.append(UInt8(ascii: "#"))
            append(bytes[fragment], valid: fragmentOK, set: .query, to: &out)
        }
        // Foundation cuts the rebuilt string again; it fails only where the first cut did.
        guard case .success = URLParts.cut(out) else { return .rejected(.hostCharacter) }
        return .changed(String(decoding: out, as: UTF8.self))
    }

    private static func append(_ part: ArraySlice<UInt8>, valid: Bool, set: URLComponentSet, to out: inout [UInt8]) {
        if valid { out += part } else { set.encoded(part, into: &out) }
    }

    /// A path's first segment may not hold `:` once encoded (it would read as a scheme).
    private static func encodePath(_ path: ArraySlice<UInt8>, into out: inout [UInt8]) {
        guard let slash = path.firstIndex(of: UInt8(ascii: "/")) else {
            URLComponentSet.pathFirstSegment.encoded(path, into: &out)
            return
        }
        URLComponentSet.pathFirstSegment.encoded(path[..<slash], into: &out)
        URLComponentSet.path.encoded(path[slash...], into: &out)
    }

    // MARK: Host

    /// A registered name of host characters and `%XX`, or a bracketed address.
    static func isValidHost(_ host: ArraySlice<UInt8>, ipLiteral: Bool) -> Bool {
        if ipLiteral || looksLikeIPLiteral(host) { return isValidIPLiteral(host) }
        return URLComponentSet.host.accepts(host)
    }

    private static func looksLikeIPLiteral(_ host: ArraySlice<UInt8>) -> Bool {
        host.first == UInt8(ascii: "[") && host.last == UInt8(ascii: "]")
    }

    /// `[address]` or `[address%25zone]`: the address of userinfo characters without
    /// escapes, the zone of unreserved characters and escapes.
    private static func isValidIPLiteral(_ host: ArraySlice<UInt8>) -> Bool {
        guard host.count >= 2 else { return false }
        let inner = host.index(after: host.startIndex) ..< host.index(before: host.endIndex)
        guard let percent = host.firstIndex(of: UInt8(ascii: "%")) else {
            return URLComponentSet.userinfo.accepts(host[inner], escapes: false)
        }
        guard percent + 2 < host.endIndex, host[percent + 1] == UInt8(ascii: "2"), host[percent + 2] == UInt8(ascii: "5") else {
            return false
        }
        return URLComponentSet.userinfo.accepts(host[inner.lowerBound ..< percent], escapes: false)
            && URLComponentSet.zoneID.accepts(host[(percent + 3) ..< inner.upperBound])
    }

    /// The host Foundation writes for a host that fails its check: a bracketed address has
    /// its zone encoded; the hosts of `tel:`-like schemes are percent-encoded; any other is
    /// converted by IDNA and must then pass.
    private static func repairedHost(_ host: ArraySlice<UInt8>, ipLiteral: Bool,
                                     scheme: ArraySlice<UInt8>?) -> Result<[UInt8], URLRejection> {
        if ipLiteral || looksLikeIPLiteral(host) {
            guard let percent = host.firstIndex(of: UInt8(ascii: "%")) else {
                return isValidIPLiteral(host) ? .success(Array(host)) : .failure(.address)
            }
            var out = Array(host[..<percent])
            URLComponentSet.zoneID.encoded(host[percent ..< host.index(before: host.endIndex)], into: &out)
            out.append(UInt8(ascii: "]"))
            return isValidIPLiteral(out[...]) ? .success(out) : .failure(.address)
        }
        if let scheme, encodesHost(scheme: scheme) {
            var out: [UInt8] = []
            URLComponentSet.host.encoded(host, into: &out)
            return .success(out)
        }
        if let converted = InternationalHost.asciiForm(of: host),
           isValidHost(converted[...], ipLiteral: false) {
            return .success(converted)
        }
        return .failure(hostProblem(host))
    }

    /// Schemes whose host Foundation percent-encodes instead of converting (phone numbers,
    /// contacts, mail boxes).
    private static func encodesHost(scheme: ArraySlice<UInt8>) -> Bool {
        let name = String(decoding: scheme, as: UTF8.self).lowercased()
        return ["tel", "telemergencycall", "telprompt", "callto", "facetime", "facetime-prompt", "facetime-audio",
                "facetime-audio-prompt", "imap", "pop", "addressbook", "contact", "phasset"].contains(name)
    }

    /// What is wrong with a host that could not be repaired, first problem first.
    private static func hostProblem(_ host: ArraySlice<UInt8>) -> URLRejection {
        if host.contains(UInt8(ascii: " ")) { return .hostSpace }
        var index = host.startIndex
        while index < host.endIndex {
            let byte = host[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < host.endIndex, host[index + 1].isHexDigit, host[index + 2].isHexDigit else {
                    return .hostPercent
                }
            } else if byte < 0x80, !URLComponentSet.host.allows(byte) {
                return .hostCharacter
            }
            index += 1
        }
        return .hostName
    }
}
