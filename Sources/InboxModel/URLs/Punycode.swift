import InboxCore

/// Punycode (RFC 3492), the ASCII spelling of an international domain label (`bücher` is
/// `bcher-kva`).
enum Punycode {
    private static let base: UInt32 = 36, tMin: UInt32 = 1, tMax: UInt32 = 26
    private static let skew: UInt32 = 38, damp: UInt32 = 700
    private static let initialBias: UInt32 = 72, initialN: UInt32 = 0x80

    /// The Punycode of `scalars`, without the `xn--` prefix; nil on overflow.
    static func encode(_ scalars: [UInt32]) -> [UInt8]? {
        var output: [UInt8] = scalars.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = UInt32(output.count)
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN, delta: UInt32 = 0, bias = initialBias
        while handled < UInt32(scalars.count) {
            guard let m = scalars.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= UInt32.max - step else { return nil }
            delta += step
            n = m
            for scalar in scalars {
                if scalar < n {
                    guard delta < UInt32.max else { return nil }
                    delta += 1
                }
                if scalar == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// The code points `ascii` (a label without its `xn--`) spells; nil when it is not Punycode.
    static func decode(_ ascii: ArraySlice<UInt8>) -> [UInt32]? {
        var output: [UInt32] = []
        var rest = ascii[...]
        if let dash = ascii.lastIndex(of: UInt8(ascii: "-")) {
            for byte in ascii[..<dash] {
                guard byte < 0x80 else { return nil }
                output.append(UInt32(byte))
            }
            rest = ascii[(dash + 1)...]
        }
        var n = initialN, i: UInt32 = 0, bias = initialBias
        var index = rest.startIndex
        while index < rest.endIndex {
            let oldI = i
            var w: UInt32 = 1
            var k = base
            while true {
                guard index < rest.endIndex, let value = digitValue(rest[index]) else { return nil }
                index += 1
                let (product, overflow) = value.multipliedReportingOverflow(by: w)
                guard !overflow, i <= UInt32.max - product else { return nil }
                i += product
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if value < t { break }
                let (next, overflowW) = w.multipliedReportingOverflow(by: base - t)
                guard !overflowW else { return nil }
                w = next
                k += base
            }
            let count = UInt32(output.count + 1)
            bias = adapt(i - oldI, count, oldI == 0)
            guard n <= UInt32.max - i / count else { return nil }
            n += i / count
            i %= count
            guard n <= 0x10FFFF, !(0xD800 ... 0xDFFF).contains(n) else { return nil }
            output.insert(n, at: Int(i))
            i += 1
        }
        return output
    }

    private static func adapt(_ delta: UInt32, _ count: UInt32, _ first: Bool) -> UInt32 {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k: UInt32 = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digit(_ value: UInt32) -> UInt8 {
        value < 26 ? UInt8(value) + UInt8(ascii: "a") : UInt8(value - 26) + UInt8(ascii: "0")
    }

    private static func digitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"): return UInt32(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A") ... UInt8(ascii: "Z"): return UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0")) + 26
        default: return nil
        }
    }
}
