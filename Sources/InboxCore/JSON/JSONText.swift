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

    /// Appends bytes as a JSON string literal: escaped by `ByteWriter.writeEscaped` (the
    /// one escaper) into scratch room when some byte needs it, else copied as they are.
    package static func appendQuoted(_ buffer: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], escapingSlashes: Bool) {
        // No reserveCapacity here: reserving the exact size on every call would defeat the
        // array's doubling and copy a growing output buffer once per string.
        out.append(ASCII.quote)
        if ByteWriter.needsEscape(buffer) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ByteWriter.escapedRoom(buffer.count)) { room in
                guard let start = room.baseAddress else { return }
                let end = ByteWriter.writeEscaped(buffer, at: start)
                append(UnsafeBufferPointer(start: start, count: end - start), to: &out, escapingSlashes: escapingSlashes)
            }
        } else {
            append(buffer, to: &out, escapingSlashes: escapingSlashes)
        }
        out.append(ASCII.quote)
    }

    package static func appendQuoted(_ bytes: [UInt8], to out: inout [UInt8], escapingSlashes: Bool) {
        bytes.withUnsafeBufferPointer { appendQuoted($0, to: &out, escapingSlashes: escapingSlashes) }
    }

    /// Appends `bytes` with every "/" written as "\/" when `escapingSlashes`; an escape
    /// never writes a slash, so this may follow escaping.
    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], escapingSlashes: Bool) {
        guard escapingSlashes, bytes.contains(ASCII.slash) else {
            out.append(contentsOf: bytes)
            return
        }
        for byte in bytes {
            if byte == ASCII.slash { out.append(ASCII.backslash) }
            out.append(byte)
        }
    }

    /// Whether one of the eight bytes in `word` is a control character, `"`, `\\` (or `/`
    /// when slashes are escaped): the parser's own word test, plus the slash.
    @inline(__always)
    package static func mayNeedEscape(_ word: UInt64, _ escapingSlashes: Bool) -> Bool {
        UTF8Validation.stringEndBytes(word) != 0
            || (escapingSlashes && UTF8Validation.bytes(of: word, equalTo: ASCII.slash) != 0)
    }
}
