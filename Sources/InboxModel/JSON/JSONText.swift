/// Writing JSON text. Renderers and the APNs size estimate need string literals escaped exactly like a
/// JSON serialiser would, without pulling in Foundation's encoder.
public enum JSONText {
    /// `s` as a JSON string literal: `"` and `\` escaped, control characters as \n \t \r \b \f or
    /// \u00XX, everything else (including non-ASCII) kept as UTF-8. `escapingSlashes` also writes "/"
    /// as "\/", which is what NSJSONSerialization does by default (it matters for exact size estimates).
    public static func quote(_ s: String, escapingSlashes: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        appendQuoted(s.utf8, to: &out, escapingSlashes: escapingSlashes)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendQuoted<Bytes: Sequence>(_ bytes: Bytes, to out: inout [UInt8], escapingSlashes: Bool)
    where Bytes.Element == UInt8 {
        out.append(ASCII.quote)
        for byte in bytes {
            switch byte {
            case ASCII.quote: out.append(contentsOf: [ASCII.backslash, ASCII.quote])
            case ASCII.backslash: out.append(contentsOf: [ASCII.backslash, ASCII.backslash])
            case ASCII.slash where escapingSlashes: out.append(contentsOf: [ASCII.backslash, ASCII.slash])
            case ASCII.lineFeed: out.append(contentsOf: [ASCII.backslash, 0x6E])
            case ASCII.carriageReturn: out.append(contentsOf: [ASCII.backslash, 0x72])
            case ASCII.tab: out.append(contentsOf: [ASCII.backslash, 0x74])
            case 0x08: out.append(contentsOf: [ASCII.backslash, 0x62])
            case 0x0C: out.append(contentsOf: [ASCII.backslash, 0x66])
            case 0x00 ..< 0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [ASCII.backslash, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            default: out.append(byte)
            }
        }
        out.append(ASCII.quote)
    }
}
