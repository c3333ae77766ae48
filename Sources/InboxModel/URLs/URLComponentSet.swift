/// The characters RFC 3986 lets each part of a URL hold unencoded, as Foundation's parser
/// tells them apart (`URL(string:)` checks every part against its set and percent-encodes
/// a part that fails). A `%` is in no set: where it is allowed, it must start `%XX`.
struct URLComponentSet: OptionSet, Sendable {
    let rawValue: UInt8

    static let scheme = URLComponentSet(rawValue: 1 << 0)
    /// User, password and the inside of an IP literal share one set.
    static let userinfo = URLComponentSet(rawValue: 1 << 1)
    static let host = URLComponentSet(rawValue: 1 << 2)
    static let zoneID = URLComponentSet(rawValue: 1 << 3)
    static let path = URLComponentSet(rawValue: 1 << 4)
    /// A path's first segment when it is encoded: no `:` (it would read as a scheme).
    static let pathFirstSegment = URLComponentSet(rawValue: 1 << 5)
    /// Query and fragment share one set.
    static let query = URLComponentSet(rawValue: 1 << 6)

    /// Whether `byte` may stand unencoded in this part.
    @inline(__always)
    func allows(_ byte: UInt8) -> Bool {
        URLComponentSet.parts(allowing: byte) & rawValue != 0
    }

    /// The parts that allow `byte` (RFC 3986: unreserved, sub-delims, and `: @ / ?` where
    /// each part's grammar has them).
    private static func parts(allowing byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"),
             UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return 0b0111_1111
        case UInt8(ascii: "+"): return 0b0111_0111
        case UInt8(ascii: "_"), UInt8(ascii: "~"): return 0b0111_1110
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return 0b0111_0110
        case UInt8(ascii: ":"): return 0b0101_0010
        case UInt8(ascii: "@"), UInt8(ascii: "/"): return 0b0111_0000
        case UInt8(ascii: "?"): return 0b0100_0000
        default: return 0
        }
    }

    /// Whether `bytes` may stand in this part as they are: allowed bytes and `%XX` escapes.
    func accepts(_ bytes: ArraySlice<UInt8>, escapes: Bool = true) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), escapes {
                guard index + 2 < bytes.endIndex,
                      bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit else { return false }
                index += 3
                continue
            }
            guard allows(byte) else { return false }
            index += 1
        }
        return true
    }

    /// `bytes` with every byte this part does not allow written `%XX` (a `%` included, so
    /// an escape that was already there is encoded again, as Foundation does).
    func encoded(_ bytes: ArraySlice<UInt8>, into output: inout [UInt8]) {
        let digits: StaticString = "0123456789ABCDEF"
        for byte in bytes {
            if allows(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                digits.withUTF8Buffer { hex in
                    output.append(hex[Int(byte >> 4)])
                    output.append(hex[Int(byte & 0xF)])
                }
            }
        }
    }
}

extension UInt8 {
    var isHexDigit: Bool {
        switch self {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "a") ... UInt8(ascii: "f"),
             UInt8(ascii: "A") ... UInt8(ascii: "F"): return true
        default: return false
        }
    }
}
