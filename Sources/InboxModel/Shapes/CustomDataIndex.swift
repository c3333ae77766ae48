#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each custom-data field (`displayType`, `buttons`, …) sits in each lookup place
/// of one message, found in a single pass over each place's members.
///
/// The resolver and the rules look up seven fields in up to four places for every
/// message; scanning a container's members and comparing key bytes for each of those
/// lookups cost more than the rest of the resolution. The index answers each lookup with
/// one load, and holds plain node indexes inline (no allocation, cheap to copy).
struct CustomDataIndex: Sendable {
    /// Node index of each field's value per place (`slot(_:_:)`), -1 when absent. With a
    /// duplicated key the last member wins, as in the dictionary iOS builds.
    private var nodes = SIMD32<Int32>(repeating: -1)
    /// The kind of each indexed value (`KindCode`), in the same slots: rules ask whether
    /// the lookup passed over a value of the wrong type for every message, and the answer
    /// is nearly always no; the kinds answer it without building a value.
    private var kinds = SIMD32<UInt8>(repeating: 0)

    init() {}

    /// Indexes the members of the container at `place`.
    /// - Parameter hidden: root keys the SDK never receives; a field of that name is
    ///   treated as absent at the root.
    mutating func add(_ object: JSONValue, at place: LookupPlace, hidden: [String]) {
        object.withInputBytes { bytes in
            let tape = object.nodes.base
            var keyIndex = object.index + 1
            for _ in 0 ..< Int(tape[object.index].count) {
                // Most keys are dismissed by their length alone, before any call.
                let keyNode = tape[keyIndex]
                let span = keyNode.end &- keyNode.start
                if span < 64 && (Self.indexedSpans >> UInt64(truncatingIfNeeded: span)) & 1 != 0
                    || keyNode.flags & NodeFlag.hasEscapes != 0,
                   let key = Self.key(named: keyNode, in: bytes),
                   place != .root || hidden.isEmpty || !hidden.contains(key.name) {
                    nodes[place.ordinal * 8 + key.ordinal] = Int32(keyIndex + 1)
                    kinds[place.ordinal * 8 + key.ordinal] = KindCode.of(tape[keyIndex + 1].kind)
                }
                keyIndex = Int(tape[keyIndex + 1].link)
            }
        }
    }

    /// The fields among the members of `object`, indexed as the root place with no hidden
    /// key (empty when it is not an object). For IK107, which looks for them where the SDK
    /// does not: a notification's top level.
    static func fields(of object: JSONValue) -> CustomDataIndex {
        var index = CustomDataIndex()
        if object.kind == .object { index.add(object, at: .root, hidden: []) }
        return index
    }

    /// Whether any of the seven fields is at the root place (the story block aside): read
    /// from the first row at once, so a caller with nothing to report builds no value.
    var hasRootFields: Bool {
        let row: SIMD8<Int32> = nodes.lowHalf.lowHalf
        for lane in 0 ..< 7 where row[lane] >= 0 { return true }
        return false
    }

    /// The node of `field` in the container at `place`, when it is there.
    func node(_ field: CustomDataField, at place: LookupPlace) -> Int? {
        let node = nodes[Self.slot(field, place)]
        return node >= 0 ? Int(node) : nil
    }

    /// Whether the §3 walk of `field` reads a value whose kind `included` takes, at one of
    /// its places up to and including `stop` (all of them when `stop` is nil): what
    /// `ActionParams.valuesSeen` would list, told from the kinds alone.
    @inline(__always)
    func seesValue(_ field: CustomDataField, until stop: LookupPlace?, where included: (JSONKind) -> Bool) -> Bool {
        // `field.places` is a prefix of root, u, u-string, userdata.
        let placeCount = field.placeCount
        let stopOrdinal = stop?.ordinal ?? placeCount
        var ordinal = 0
        while ordinal < placeCount {
            let slot = ordinal * 8 + field.ordinal
            if nodes[slot] >= 0, included(KindCode.kind(kinds[slot])) { return true }
            if ordinal == stopOrdinal { return false }
            ordinal += 1
        }
        return false
    }

    /// The `pw_stories` block at `place`, when it is there: the story extension looks for
    /// it in the same places for every message, so it takes the index's eighth column.
    func storyBlockNode(at place: LookupPlace) -> Int? {
        let node = nodes[place.ordinal * 8 + IndexedKey.storyBlock.ordinal]
        return node >= 0 ? Int(node) : nil
    }

    private static func slot(_ field: CustomDataField, _ place: LookupPlace) -> Int {
        place.ordinal * 8 + IndexedKey.field(field).ordinal
    }

    /// A key the index records: one of the seven fields, or the story block.
    private enum IndexedKey {
        case field(CustomDataField)
        case storyBlock

        static let storyBlockName: StaticString = "pw_stories"

        var ordinal: Int {
            switch self {
            case .field(let field): return field.ordinal
            case .storyBlock: return 7
            }
        }

        var name: String {
            switch self {
            case .field(let field): return field.key
            case .storyBlock: return Self.storyBlockName.description
            }
        }
    }

    /// Bit `n` is set when a key node of `n` bytes (the name and its two quotes) can name
    /// an indexed key: names of 5, 6, 7, 8, 10 and 11 bytes (see `key(named:)`).
    private static let indexedSpans: UInt64 = 1 << 7 | 1 << 8 | 1 << 9 | 1 << 10 | 1 << 12 | 1 << 13

    /// The field a key node names, compared byte for byte (a key with escapes is decoded
    /// first, so `"butto\u006es"` is `buttons`, as it is for iOS).
    private static func key(named key: TapeNode, in bytes: UnsafeBufferPointer<UInt8>) -> IndexedKey? {
        guard key.flags & NodeFlag.hasEscapes == 0 else {
            let decoded = Tape.stringBytes(key, bytes)
            return decoded.withUnsafeBufferPointer { self.key(named: $0) }
        }
        let from = Int(key.start) + 1
        let to = Int(key.end) - 1
        guard from <= to else { return nil }
        return self.key(named: UnsafeBufferPointer(rebasing: bytes[from ..< to]))
    }

    private static func key(named name: UnsafeBufferPointer<UInt8>) -> IndexedKey? {
        // Only names of an indexed key's length are compared at all.
        switch name.count {
        case 5: return matches(name, .image) ?? matches(name, .video)
        case 6: return matches(name, .wallet) ?? matches(name, .pinned)
        case 7: return matches(name, .buttons)
        case 8: return matches(name, .carousel)
        case 10: return sameBytes(name, IndexedKey.storyBlockName) ? .storyBlock : nil
        case 11: return matches(name, .displayType)
        default: return nil
        }
    }

    /// One `memcmp` of two runs of the same length (the length switch above checked it);
    /// every key of every message's custom data comes through here.
    private static func sameBytes(_ name: UnsafeBufferPointer<UInt8>, _ known: StaticString) -> Bool {
        guard name.count == known.utf8CodeUnitCount, let base = name.baseAddress else { return false }
        return memcmp(base, known.utf8Start, name.count) == 0
    }

    private static func matches(_ name: UnsafeBufferPointer<UInt8>, _ field: CustomDataField) -> IndexedKey? {
        sameBytes(name, field.utf8) ? .field(field) : nil
    }
}

/// A `JSONKind` as a byte, for the index's kind lanes.
private enum KindCode {
    @inline(__always)
    static func of(_ kind: JSONKind) -> UInt8 {
        switch kind {
        case .null: return 0
        case .bool: return 1
        case .number: return 2
        case .string: return 3
        case .array: return 4
        case .object: return 5
        }
    }

    @inline(__always)
    static func kind(_ code: UInt8) -> JSONKind {
        switch code {
        case 1: return .bool
        case 2: return .number
        case 3: return .string
        case 4: return .array
        case 5: return .object
        default: return .null
        }
    }
}

extension CustomDataField {
    /// Whether the lookup also reads `userdata` (`places` ends with it).
    var readsUserdata: Bool { self == .displayType || self == .pinned }

    /// Position in `allCases`, for `CustomDataIndex`.
    var ordinal: Int {
        switch self {
        case .displayType: return 0
        case .image: return 1
        case .buttons: return 2
        case .carousel: return 3
        case .video: return 4
        case .wallet: return 5
        case .pinned: return 6
        }
    }

    /// The key as static UTF-8, compared without building a String.
    var utf8: StaticString {
        switch self {
        case .displayType: return "displayType"
        case .image: return "image"
        case .buttons: return "buttons"
        case .carousel: return "carousel"
        case .video: return "video"
        case .wallet: return "wallet"
        case .pinned: return "pinned"
        }
    }
}

extension LookupPlace {
    /// The place at `ordinal` (0 to 3) of root, u, u-string, userdata: the §3 walk's order.
    @inline(__always)
    static func inOrder(_ ordinal: Int) -> LookupPlace {
        switch ordinal {
        case 0: return .root
        case 1: return .u
        case 2: return .uString
        default: return .userdata
        }
    }

    /// Position in `allCases`, for `CustomDataIndex`.
    var ordinal: Int {
        switch self {
        case .root: return 0
        case .u: return 1
        case .uString: return 2
        case .userdata: return 3
        }
    }
}
