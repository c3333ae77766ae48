/// Writing JSON text. Renderers and the APNs size estimate need string literals escaped exactly like a
/// JSON serialiser would, without pulling in Foundation's encoder.
public enum JSONText {
    /// `s` as a JSON string literal: `"` and `\` escaped, control characters as \n \t \r \b \f or
    /// \u00XX, everything else (including non-ASCII) kept as UTF-8. `escapingSlashes` also writes "/"
    /// as "\/", which is what NSJSONSerialization does by default (it matters for exact size estimates).
    public static func quote(_ s: String, escapingSlashes: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        appendQuoted(s, to: &out, escapingSlashes: escapingSlashes)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal. Works on the string's contiguous UTF-8
    /// (no per-byte iterator calls across the module boundary): renderers quote every
    /// string they print, so this is the hot path of JSON output.
    public static func appendQuoted(_ text: String, to out: inout [UInt8], escapingSlashes: Bool = false) {
        var text = text
        text.withUTF8 { buffer in appendQuoted(buffer, to: &out, escapingSlashes: escapingSlashes) }
    }

    /// Appends bytes as a JSON string literal, copying runs of bytes that need no escape
    /// in one step.
    package static func appendQuoted(_ buffer: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], escapingSlashes: Bool) {
        // No reserveCapacity here: reserving the exact size on every call would defeat the
        // array's doubling and copy a growing output buffer once per string.
        out.append(ASCII.quote)
        var runStart = 0
        var index = 0
        while index < buffer.count {
            // Eight bytes at a time while none of them needs an escape (the usual case).
            if let base = buffer.baseAddress {
                while index + 8 <= buffer.count,
                      !mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), escapingSlashes) {
                    index += 8
                }
                guard index < buffer.count else { break }
            }
            let byte = buffer[index]
            if byte >= 0x20 && byte != ASCII.quote && byte != ASCII.backslash && (byte != ASCII.slash || !escapingSlashes) {
                index += 1
                continue
            }
            if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<index])) }
            appendEscape(byte, to: &out)
            index += 1
            runStart = index
        }
        if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<index])) }
        out.append(ASCII.quote)
    }

    /// Whether one of the eight bytes in `word` is a control character, `"`, `\\` (or `/`
    /// when slashes are escaped): the parser's own word test, plus the slash.
    @inline(__always)
    package static func mayNeedEscape(_ word: UInt64, _ escapingSlashes: Bool) -> Bool {
        UTF8Validation.stringEndBytes(word) != 0
            || (escapingSlashes && UTF8Validation.bytes(of: word, equalTo: ASCII.slash) != 0)
    }

    /// The escape of one byte that cannot stand in a JSON string as it is.
    private static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6) { room in
            guard let start = room.baseAddress else { return }
            let end = writeEscape(byte, at: start)
            out.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
        }
    }

    /// Writes the escape of one byte that cannot stand in a JSON string as it is (at most
    /// six bytes, `\u001f`) and returns the position after it. The one escape table, for
    /// `[UInt8]` output here and for `ByteBuffer`.
    static func writeEscape(_ byte: UInt8, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        out[0] = ASCII.backslash
        switch byte {
        case ASCII.quote, ASCII.backslash, ASCII.slash: out[1] = byte
        case ASCII.lineFeed: out[1] = 0x6E
        case ASCII.carriageReturn: out[1] = 0x72
        case ASCII.tab: out[1] = 0x74
        case 0x08: out[1] = 0x62
        case 0x0C: out[1] = 0x66
        default:
            let hex: StaticString = "0123456789abcdef"
            return hex.withUTF8Buffer { digits in
                out[1] = 0x75
                out[2] = 0x30
                out[3] = 0x30
                out[4] = digits[Int(byte >> 4)]
                out[5] = digits[Int(byte & 0x0F)]
                return out + 6
            }
        }
        return out + 2
    }

    package static func appendQuoted<Bytes: Sequence>(_ bytes: Bytes, to out: inout [UInt8], escapingSlashes: Bool)
    where Bytes.Element == UInt8 {
        out.append(ASCII.quote)
        for byte in bytes {
            // Fast path: bytes that need no escape are copied as they are.
            if byte >= 0x20 && byte != ASCII.quote && byte != ASCII.backslash && byte != ASCII.slash {
                out.append(byte)
                continue
            }
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
