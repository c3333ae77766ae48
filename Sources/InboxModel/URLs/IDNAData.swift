/// The tables of `IDNATables` as arrays, read once, the first time a host needs converting
/// (a static `let` is initialised once, thread-safely).
struct IDNAData: Sendable {
    static let shared = IDNAData()

    /// What UTS #46 does with a code point when converting a host (nontransitional, no
    /// STD3 rules: the choices of Foundation's `URL(string:)`).
    enum Status: Equatable {
        case valid
        case mapped(ArraySlice<UInt32>)
        case ignored
        case disallowed
    }

    /// RFC 5893's bidi classes; `other` for any class the rule names nowhere.
    enum BidiClass: UInt8 {
        case l, r, al, an, en, es, cs, et, on, bn, nsm, other
    }

    /// RFC 5892's joining types (CONTEXTJ).
    enum JoiningType: UInt8 {
        case u, t, l, r, d, c
    }

    private let statusStarts: [UInt32]
    private let statusInfos: [UInt32]
    private let mappings: [UInt32]
    private let bidiStarts: [UInt32]
    private let bidiClasses: [UInt32]
    private let joiningStarts: [UInt32]
    private let joiningTypes: [UInt32]

    private init() {
        statusStarts = Self.numbers(IDNATables.statusStarts)
        statusInfos = Self.numbers(IDNATables.statusInfos)
        mappings = Self.numbers(IDNATables.mappings)
        bidiStarts = Self.numbers(IDNATables.bidiStarts)
        bidiClasses = Self.numbers(IDNATables.bidiClasses)
        joiningStarts = Self.numbers(IDNATables.joiningStarts)
        joiningTypes = Self.numbers(IDNATables.joiningTypes)
    }

    func status(of scalar: UInt32) -> Status {
        let info = statusInfos[Self.run(of: scalar, in: statusStarts)]
        switch info & 3 {
        case 0: return .valid
        case 1:
            let offset = Int(info >> 8)
            return .mapped(mappings[offset ..< offset + Int((info >> 2) & 0x3F)])
        case 2: return .ignored
        default: return .disallowed
        }
    }

    func bidiClass(of scalar: UInt32) -> BidiClass {
        BidiClass(rawValue: UInt8(bidiClasses[Self.run(of: scalar, in: bidiStarts)])) ?? .other
    }

    func joiningType(of scalar: UInt32) -> JoiningType {
        guard let first = joiningStarts.first, scalar >= first else { return .u }
        return JoiningType(rawValue: UInt8(joiningTypes[Self.run(of: scalar, in: joiningStarts)])) ?? .u
    }

    /// The index of the last start at or below `scalar` (the tables start at 0, bar the
    /// joining types, which the caller checks).
    private static func run(of scalar: UInt32, in starts: [UInt32]) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= scalar { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Hexadecimal numbers separated by spaces and newlines.
    private static func numbers(_ text: String) -> [UInt32] {
        var result: [UInt32] = []
        var value: UInt32 = 0
        var inNumber = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"):
                value = value << 4 | UInt32(byte - UInt8(ascii: "0"))
                inNumber = true
            case UInt8(ascii: "a") ... UInt8(ascii: "f"):
                value = value << 4 | UInt32(byte - UInt8(ascii: "a") + 10)
                inNumber = true
            default:
                if inNumber { result.append(value) }
                value = 0
                inNumber = false
            }
        }
        if inNumber { result.append(value) }
        return result
    }
}
