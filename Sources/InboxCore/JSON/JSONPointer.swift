/// RFC 6901 JSON Pointers, the stable way every diagnostic names the value it is about
/// ("/request/notifications/0/data"), independent of formatting.
public enum JSONPointer {
    /// Escapes one reference token: "~" -> "~0", "/" -> "~1" (in that order, as the RFC requires).
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == 0x7E || $0 == 0x2F }) else { return token }
        var escaped = ""
        escaped.reserveCapacity(token.utf8.count + 2)
        for scalar in token.unicodeScalars {
            switch scalar {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `pointer` + "/" + the escaped member name.
    public static func appending(_ pointer: String, _ token: String) -> String {
        pointer + "/" + escape(token)
    }

    /// The last reference token, unescaped; nil for the root.
    public static func lastToken(of pointer: String) -> String? {
        guard let slash = pointer.lastIndex(of: "/") else { return nil }
        var token = ""
        var tilde = false
        for character in pointer[pointer.index(after: slash)...] {
            if tilde {
                token.append(character == "1" ? "/" : character == "0" ? "~" : character)
                tilde = false
            } else if character == "~" {
                tilde = true
            } else {
                token.append(character)
            }
        }
        return token
    }

    /// `pointer` + "/" + the array index.
    public static func appending(_ pointer: String, _ index: Int) -> String {
        pointer + "/" + String(index)
    }
}
