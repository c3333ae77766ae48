/// Skipping the inside of a string a word at a time: to the next quote, backslash or
/// control character, counting the UTF-8 continuation bytes on the way (for columns).
enum StringRun {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// Index of the first byte from `start` that ends a plain run of string contents, or
    /// `buf.count`.
    @inline(__always)
    static func end(_ buf: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = buf.baseAddress {
            while index + 8 <= buf.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                // Marks zero bytes; only the lowest mark is exact, and only it is used (the
                // lowest of the three marks is a real quote, backslash or control byte).
                func zeros(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
                let marks = zeros(word ^ (ones &* 0x22)) | zeros(word ^ (ones &* 0x5C)) | zeros(word & (ones &* 0xE0))
                if marks != 0 { return index + marks.trailingZeroBitCount >> 3 }
                index += 8
            }
        }
        while index < buf.count {
            let byte = buf[index]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 { return index }
            index += 1
        }
        return buf.count
    }

    /// Bytes 0x80...0xBF in `from..<to`.
    @inline(__always)
    static func continuations(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var count = 0
        var index = from
        if let base = buf.baseAddress {
            while index + 8 <= to {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                count += (word & high & ~(word << 1)).nonzeroBitCount
                index += 8
            }
        }
        while index < to {
            if buf[index] & 0xC0 == 0x80 { count += 1 }
            index += 1
        }
        return count
    }
}
