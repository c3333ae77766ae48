import InboxCore

/// Finds secrets left in a payload file. Payload files are committed, shared and pasted
/// into tickets; an API token in one lets anyone send pushes to every user of the app.
public enum SecretScan {
    /// Every member named `key`, at any depth of the document, in document order. One
    /// linear pass over the tape (no recursion, no decoding of keys that do not match).
    ///
    /// Every document is asked, and hardly any has the key: the parser's key summary
    /// (`JSONDocument.mayHaveKey`) answers first, and only a document that may hold the key
    /// is walked. The walk compares a key node only when its signature (decoded length and
    /// first byte) matches.
    public static func members(named key: String, in document: JSONDocument) -> [JSONValue] {
        var found: [JSONValue] = []
        // The key's bytes are read in place and the document's through its span, so
        // neither is copied or retained per document.
        key.withUTF8Span { scan($0, in: document, into: &found) }
        return found
    }

    /// `members(named:in:)` for the key's bytes `name`.
    private static func scan(_ name: Span<UInt8>, in document: JSONDocument, into found: inout [JSONValue]) {
        guard document.mayHaveKey(named: name) else { return }
        // A key node holds its signature (see `KeySignature`): only keys of the name's
        // length and first byte, however written, are compared.
        let signature = Int32(bitPattern: KeySignature.of(name))
        let nodes = document.nodes
        document.withInputSpan { bytes in
            for index in 0 ..< nodes.count where nodes[index].kind == .object {
                var keyIndex = index + 1
                for _ in 0 ..< Int(nodes[index].count) {
                    let keyNode = nodes[keyIndex]
                    if keyNode.count == signature, JSONValue.stringNode(keyNode, in: bytes, equals: name) {
                        found.append(JSONValue(document: document, index: keyIndex + 1))
                    }
                    keyIndex = Int(nodes[keyIndex + 1].link)
                }
            }
        }
    }

    /// Whether a token value looks real rather than a documentation placeholder.
    ///
    /// Real API tokens are long runs of letters and digits with no spaces; placeholders
    /// are words (`API_TOKEN`, `YOUR_AUTH_TOKEN`), masks (`xxx`, `***`) or template
    /// variables (`<auth>`, `${AUTH}`, `{{auth}}`). A value is live-looking when it is at
    /// least 16 characters of the token alphabet, mixes letters and digits, has at least
    /// 8 different characters and contains no placeholder word.
    public static func looksLikeLiveToken(_ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars)
        guard scalars.count >= minimumLength else { return false }
        var letters = 0, digits = 0
        for scalar in scalars {
            switch scalar {
            case "a" ... "z", "A" ... "Z": letters += 1
            case "0" ... "9": digits += 1
            case "-", "_", ".", "+", "/", "=", "~": continue
            default: return false // spaces, template braces, `<`, `$`, `*`: not a token
            }
        }
        guard letters > 0, digits > 0, Set(scalars).count >= 8 else { return false }
        let lowered = value.lowercased()
        return !placeholderWords.contains { lowered.contains($0) }
    }

    /// Shortest value taken for a real token.
    public static let minimumLength = 16

    /// Words that mark a value as an example rather than a credential.
    static let placeholderWords = [
        "your", "token", "auth", "api_", "apikey", "example", "placeholder", "change", "replace", "redacted",
        "dummy", "fake", "sample", "secret", "xxxx", "0000", "1234",
    ]
}
