/// `auth` is an API token: no output of the tool ever shows its value. Nor that of any
/// other credential a payload carries by name (`AUTH`, `api_key`, `access_token`...), in a
/// custom payload or in a URL's query.
public enum Redaction {
    public static let mask = "***"
    /// Keys whose values are secrets wherever they appear (compared case-insensitively).
    public static let secretKeys: Set<String> = [
        "auth", "authorization", "auth_token", "token", "access_token", "refresh_token", "id_token", "api_key",
        "apikey", "secret", "client_secret", "password", "passwd", "pwd", "private_key", "access_key",
        "secret_key", "session_token", "bearer", "jwt",
    ]
    /// Query parameters that are credentials besides those keys (signed URLs, `key=` of Google APIs).
    static let secretQueryNames: Set<String> = ["key", "sig", "signature", "x_amz_signature", "x_amz_credential",
                                                "x_amz_security_token", "sessionid", "session_id"]

    /// Whether a member named `key` holds a credential: one of `secretKeys`, in any case,
    /// with `-` for `_`, or a name ending in `_token`, `_secret` or `_password`.
    public static func isSecret(key: String) -> Bool {
        // Most keys are short words that name no credential: one lowercase pass decides.
        guard key.utf8.count <= 64 else { return false }
        let name = String(key.lowercased().map { $0 == "-" ? "_" : $0 })
        return secretKeys.contains(name) || name.hasSuffix("_token") || name.hasSuffix("_secret")
            || name.hasSuffix("_password")
    }

    /// Whether a URL query parameter named `name` is a credential.
    static func isSecret(queryName name: String) -> Bool {
        isSecret(key: name) || secretQueryNames.contains(String(name.lowercased().map { $0 == "-" ? "_" : $0 }))
    }

    /// `text` with the value of every credential query parameter (`auth=`, `token=`,
    /// `api_key=`...) replaced by `***`, wherever a URL is shown. Text without `=` (nearly
    /// every URL a payload holds) is returned as it is, at the cost of one scan.
    public static func maskingCredentials(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "=")), text.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: ";") })
        else { return text }
        var result = ""
        var name = ""
        var masking = false
        // A parameter's name runs from a separator to `=`; its value, from `=` to the next separator.
        for character in text {
            switch character {
            case "?", "&", "#", ";":
                result.append(character)
                name = ""
                masking = false
            case "=" where !masking && !name.isEmpty:
                result.append(character)
                if isSecret(queryName: name) {
                    result += mask
                    masking = true
                }
                name = ""
            default:
                if masking { continue }
                result.append(character)
                if name.utf8.count <= 64 { name.append(character) }
            }
        }
        return result
    }
}

extension Redaction {
    /// `bytes` (a piece of a file shown around a syntax error) with every byte of the value
    /// after a credential key, up to the next `,`, `}` or `]`, replaced by `*`: the file is
    /// broken there, so no parse says where the value ends. Byte for byte, so offsets into
    /// the piece (the caret) stay where they were.
    public static func maskingCredentialValues(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: ":")) else { return bytes }
        var masked = bytes
        var index = 0
        while index < masked.count {
            defer { index += 1 }
            guard masked[index] == UInt8(ascii: ":"), let key = key(before: index, in: masked), isSecret(key: key) else { continue }
            var end = index + 1
            while end < masked.count, masked[end] == UInt8(ascii: " ") || masked[end] == UInt8(ascii: "\t") { end += 1 }
            while end < masked.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x0A, 0x0D].contains(masked[end]) {
                masked[end] = UInt8(ascii: "*")
                end += 1
            }
            index = end - 1
        }
        return masked
    }

    /// The key written before the `:` at `colon`: a quoted string or a bare word.
    private static func key(before colon: Int, in bytes: [UInt8]) -> String? {
        var end = colon
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        guard end > 0 else { return nil }
        let quoted = bytes[end - 1] == UInt8(ascii: "\"") || bytes[end - 1] == UInt8(ascii: "'")
        let stop = quoted ? end - 1 : end
        var start = stop
        while start > 0, stop - start < 64 {
            let byte = bytes[start - 1]
            if quoted ? (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) : !(byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))) {
                break
            }
            start -= 1
        }
        guard start < stop else { return nil }
        return String(decoding: bytes[start ..< stop], as: UTF8.self)
    }
}
