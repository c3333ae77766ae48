/// Skipping the inside of a string a word at a time: to the next quote, backslash or
/// control character, counting the UTF-8 continuation bytes on the way (for columns).
/// The streamed-batch splitter walks whole files with it; the word tests are the
/// parser's own (`UTF8Validation`).
public enum StringRun {
    /// Index of the first byte from `start` that ends a plain run of string contents (a
    /// quote, a backslash or a control character), or `buf.count`.
    @inline(__always)
    public static func end(_ buf: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = buf.baseAddress {
            while index + 8 <= buf.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let marks = UTF8Validation.stringEndBytes(word)
                if marks != 0 { return index + marks.trailingZeroBitCount >> 3 }
                index += 8
            }
        }
        while index < buf.count {
            let byte = buf[index]
            if byte == ASCII.quote || byte == ASCII.backslash || byte < 0x20 { return index }
            index += 1
        }
        return buf.count
    }

    /// Bytes 0x80...0xBF in `from..<to`.
    @inline(__always)
    public static func continuations(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        UTF8Validation.continuationCount(buf, from: from, to: to)
    }
}
