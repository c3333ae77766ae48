#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Converts number text (already validated by the parser) to Double, and checks range. Most payload
/// numbers are short (`3`, `1.5`, `30`), so they take an exact fast path (Clinger: at most 15 significant
/// digits and a power of ten up to 22 are both exact doubles, so one multiply/divide rounds correctly);
/// everything else goes to the C library's strtod, which rounds correctly too.
enum JSONNumberValue {
    enum Range: Equatable { case inRange, tooLarge, tooSmall }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    static func double(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double {
        fastPath(buf, from: start, to: end) ?? strtodValue(buf, from: start, to: end)
    }

    /// Whether the number fits a Double: `.tooLarge` when it becomes ±infinity, `.tooSmall` when a
    /// non-zero number becomes 0.
    static func rangeCheck(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range {
        let value = strtodValue(buf, from: start, to: end)
        if value.isInfinite { return .tooLarge }
        if value == 0, hasNonZeroMantissaDigit(buf, from: start, to: end) { return .tooSmall }
        return .inRange
    }

    private static func hasNonZeroMantissaDigit(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        for i in start ..< end {
            let byte = buf[i]
            if byte | 0x20 == 0x65 { return false }
            if byte >= 0x31, byte <= 0x39 { return true }
        }
        return false
    }

    private static func fastPath(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var i = start
        let negative = i < end && buf[i] == ASCII.minus
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var inFraction = false
        while i < end {
            let byte = buf[i]
            if ASCII.isDigit(byte) {
                if mantissa != 0 || byte != ASCII.zero {
                    significantDigits += 1
                    if significantDigits > 15 { return nil }
                    mantissa = mantissa * 10 + UInt64(byte - ASCII.zero)
                }
                if inFraction { exponent -= 1 }
            } else if byte == ASCII.dot {
                inFraction = true
            } else {
                break
            }
            i += 1
        }
        if i < end {  // exponent part
            i += 1
            var exponentNegative = false
            if i < end, buf[i] == ASCII.minus || buf[i] == ASCII.plus {
                exponentNegative = buf[i] == ASCII.minus
                i += 1
            }
            var value = 0
            while i < end, ASCII.isDigit(buf[i]) {
                if value > 100_000 { return nil }
                value = value * 10 + Int(buf[i] - ASCII.zero)
                i += 1
            }
            exponent += exponentNegative ? -value : value
        }
        let magnitude: Double
        if mantissa == 0 {
            magnitude = 0
        } else if exponent >= 0, exponent <= 22 {
            magnitude = Double(mantissa) * powersOfTen[exponent]
        } else if exponent < 0, exponent >= -22 {
            magnitude = Double(mantissa) / powersOfTen[-exponent]
        } else {
            return nil
        }
        return negative ? -magnitude : magnitude
    }

    private static func strtodValue(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double {
        let count = max(0, end - start)
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { text in
            for k in 0 ..< count { text[k] = CChar(bitPattern: buf[start + k]) }
            text[count] = 0
            guard let base = text.baseAddress else { return .nan }
            return strtod(base, nil)
        }
    }
}
