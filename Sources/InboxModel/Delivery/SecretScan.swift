/// Finds secrets left in a payload file. Payload files are committed, shared and pasted
/// into tickets; an API token in one lets anyone send pushes to every user of the app.
public enum SecretScan {
    /// Every member named `key`, at any depth of the document, in document order. One
    /// linear pass over the tape (no recursion, no decoding of keys that do not match).
    ///
    /// Every document is scanned, and hardly any has the key: its bytes are searched first
    /// (`mayHold`), and only a document that may hold the key is walked. The walk reads the
    /// nodes through the tape's pointer and compares a key node only when its length
    /// matches (or it has escapes, whose decoded length may).
    public static func members(named key: String, in document: JSONDocument) -> [JSONValue] {
        let nodes = document.nodes.base
        let nodeCount = document.nodes.count
        var found: [JSONValue] = []
        // The key's bytes are read in place and the document's through `input`: a mutable
        // copy of the key for `withUTF8` and the document's byte array each cost a retain
        // and a release for every document.
        let scanned = key.utf8.withContiguousStorageIfAvailable { name in
            scan(name, in: document, nodes: nodes, nodeCount: nodeCount, into: &found)
        }
        if scanned == nil {
            var key = key
            key.withUTF8 { scan($0, in: document, nodes: nodes, nodeCount: nodeCount, into: &found) }
        }
        return found
    }

    /// `members(named:in:)` for the key's bytes `name`.
    private static func scan(_ name: UnsafeBufferPointer<UInt8>, in document: JSONDocument,
                             nodes: UnsafeMutablePointer<TapeNode>, nodeCount: Int, into found: inout [JSONValue]) {
        let bytes = document.input
        guard mayHold(name, in: bytes) else { return }
        // A key node spans the key's bytes and its two quotes.
        let span = Int32(truncatingIfNeeded: name.count + 2)
        for index in 0 ..< nodeCount where nodes[index].kind == .object {
            var keyIndex = index + 1
            for _ in 0 ..< Int(nodes[index].count) {
                let keyNode = nodes[keyIndex]
                if keyNode.end &- keyNode.start == span || keyNode.flags & NodeFlag.hasEscapes != 0,
                   JSONValue.stringNode(keyNode, in: bytes, equals: name) {
                    found.append(JSONValue(document: document, index: keyIndex + 1))
                }
                keyIndex = Int(nodes[keyIndex + 1].link)
            }
        }
    }

    /// Whether `bytes` can hold a key spelled `name`: somewhere they hold its first two
    /// bytes in a row, or a `\u` escape. Every document is asked and hardly any has the
    /// key, so this scan (sixteen positions at a time) spares the walk over every member.
    ///
    /// Sound for names of two or more letters, digits, `_` or `-` (the caller's `auth`):
    /// JSON can write such a byte only as itself or as `\uXXXX`, so a key equal to the name
    /// either holds its bytes unescaped or holds `\u`. Other names are always walked.
    static func mayHold(_ name: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count >= 2, name.allSatisfy(isPlainNameByte), let base = bytes.baseAddress else { return true }
        let count = bytes.count
        let backslash = UInt8(ascii: "\\")
        let first = name[0], second = name[1]
        /// Whether the key, or an escape, starts at `at` (where the vector test had a hit).
        func startsHere(_ at: Int) -> Bool {
            if base[at] == backslash { return base[at + 1] == UInt8(ascii: "u") }
            guard at + name.count <= count else { return false }
            for offset in 2 ..< name.count where base[at + offset] != name[offset] { return false }
            return true
        }
        guard count >= 17 else {
            var index = 0
            while index &+ 1 < count {
                if (base[index] == first && base[index &+ 1] == second) || base[index] == backslash, startsHere(index) {
                    return true
                }
                index &+= 1
            }
            return false
        }
        let raw = UnsafeRawPointer(base)
        let wantFirst = ByteVector.splat(first), wantSecond = ByteVector.splat(second)
        let escape = ByteVector.splat(backslash), letterU = ByteVector.splat(UInt8(ascii: "u"))
        /// The positions `at ..< at + 16` where the name's first two bytes or `\u` start
        /// (their second bytes reach `at + 16`).
        @inline(__always)
        func hits(_ at: Int) -> ByteVector.Mask {
            let here = ByteVector.load(raw, at: at)
            let next = ByteVector.load(raw, at: at &+ 1)
            return ((here .== wantFirst) .& (next .== wantSecond)) .| ((here .== escape) .& (next .== letterU))
        }
        func confirmed(_ hits: ByteVector.Mask, _ at: Int) -> Bool {
            for lane in 0 ..< 16 where hits[lane] && startsHere(at &+ lane) { return true }
            return false
        }
        // Thirty-two positions per round, then the last sixteen (overlapping is harmless).
        var index = 0
        while index &+ 33 <= count {
            let low = hits(index), high = hits(index &+ 16)
            if ByteVector.any(low .| high), confirmed(low, index) || confirmed(high, index &+ 16) { return true }
            index &+= 32
        }
        while true {
            let at = Swift.min(index, count &- 17)
            let found = hits(at)
            if ByteVector.any(found), confirmed(found, at) { return true }
            index &+= 16
            if at == count &- 17 { return false }
        }
    }

    /// A byte JSON can only write as itself or as a `\u` escape.
    private static func isPlainNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"),
             UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): return true
        default: return false
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
