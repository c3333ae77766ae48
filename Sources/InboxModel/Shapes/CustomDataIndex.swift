import InboxCore

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
    /// Bit `slot` set when that slot holds a value: the questions asked of every message
    /// (is the field anywhere, is it at this place) are answered from it, without reading
    /// a lane of the vectors at a position known only at run time (which copied the
    /// vector through the stack).
    private var present: UInt32 = 0
    /// Bit `place.ordinal` set when the place's container has a key that may be a
    /// misspelling of a custom-data key (IK210): not one of the indexed names, of a
    /// misspelling's length and first letter, and not found harmless before on this thread.
    private var unjudged: UInt8 = 0
    /// Bit `place.ordinal` set when the place's container has a key of the length and first
    /// letter of an inbox key (`inbox_image`, `inbox_date`, `inbox_days`): IK102's facts.
    private var inboxShaped: UInt8 = 0

    init() {}

    /// Indexes the members of the container at `place`.
    /// - Parameter hidden: root keys the SDK never receives; a field of that name is
    ///   treated as absent at the root.
    mutating func add(_ object: JSONValue, at place: LookupPlace, hidden: HiddenKeys) {
        let row = place.ordinal * 8
        // Only the root place has hidden keys, and only a list of them may name an indexed
        // key (a notification's `aps` never does).
        let checksHidden = place == .root && hidden.mayHideIndexedKeys
        let misspellings = MisspelledKey.customDataPretest
        object.withInputBytes { bytes in
            let tape = object.nodes.base
            var keyIndex = object.index + 1
            for _ in 0 ..< Int(tape[object.index].count) {
                // Most keys are dismissed by their length alone, before any call.
                let keyNode = tape[keyIndex]
                let span = keyNode.end &- keyNode.start
                if span < 64 && (Self.indexedSpans >> UInt64(truncatingIfNeeded: span)) & 1 != 0
                    || keyNode.flags & NodeFlag.hasEscapes != 0,
                   let key = Self.key(named: keyNode, in: bytes) {
                    if !checksHidden || !hidden.contains(key.name) {
                        set(row + key.ordinal, node: Int32(truncatingIfNeeded: keyIndex + 1), kind: tape[keyIndex + 1].kind)
                    }
                } else {
                    let signature = UInt32(bitPattern: keyNode.count)
                    if signature == Self.inboxDateShape || signature == Self.inboxImageShape {
                        inboxShaped |= 1 << place.ordinal
                    }
                    if unjudged & 1 << place.ordinal == 0, Self.mayBeMisspelled(keyNode, in: bytes, misspellings) {
                        unjudged |= 1 << place.ordinal
                    }
                }
                keyIndex = Int(tape[keyIndex + 1].link)
            }
        }
    }

    /// Whether a key that names no indexed key may be a misspelling of one (IK210 looks).
    @inline(__always)
    private static func mayBeMisspelled(_ keyNode: TapeNode, in bytes: UnsafeBufferPointer<UInt8>,
                                        _ misspellings: MemberNamePretest) -> Bool {
        let signature = UInt32(bitPattern: keyNode.count)
        guard misspellings.mayMatch(signature: signature) else { return false }
        let length = Int(signature >> 8)
        guard keyNode.flags & NodeFlag.hasEscapes == 0, length <= ShortKey.capacity else { return true }
        let words = KeyBytes.words(bytes, from: Int(keyNode.start) + 1, length: length)
        return !HarmlessKeys.contains(ShortKey(low: words.low, high: words.high, count: length))
    }

    /// Whether the container at `place` may hold a misspelled custom-data key (IK210):
    /// most hold only fields and the app's own keys, known harmless after the first message.
    func mayHaveMisspelling(at place: LookupPlace) -> Bool {
        unjudged & 1 << place.ordinal != 0
    }

    /// Whether the container at `place` may hold an inbox key (`inbox_image`, `inbox_date`,
    /// `inbox_days`): a key of one's length and first letter.
    @inline(__always)
    func mayHoldInboxKey(at place: LookupPlace) -> Bool {
        inboxShaped & 1 << place.ordinal != 0
    }

    /// The key signatures (`KeySignature.of(length:first:)`, the length above the first
    /// byte) of `inbox_date` and `inbox_days`, and of `inbox_image`: constants, not globals
    /// read through `swift_once` for every key (CustomDataIndexTests checks them).
    static var inboxDateShape: UInt32 { 10 << 8 | 0x69 }
    static var inboxImageShape: UInt32 { 11 << 8 | 0x69 }

    /// `mayHaveMisspelling(at:)` of any place.
    @inline(__always)
    var mayHaveMisspellingAnywhere: Bool {
        unjudged != 0
    }


    /// Records a value in one slot, written through the vectors' memory: a lane chosen at
    /// run time, set in a vector held in registers, took a round trip through the stack.
    @inline(__always)
    private mutating func set(_ slot: Int, node: Int32, kind: JSONKind) {
        withUnsafeMutableBytes(of: &nodes) { $0.storeBytes(of: node, toByteOffset: 4 * slot, as: Int32.self) }
        withUnsafeMutableBytes(of: &kinds) { $0.storeBytes(of: KindCode.of(kind), toByteOffset: slot, as: UInt8.self) }
        present |= 1 << UInt32(truncatingIfNeeded: slot)
    }

    /// The fields among the members of `object`, indexed as the root place with no hidden
    /// key (empty when it is not an object). For IK107, which looks for them where the SDK
    /// does not: a notification's top level.
    static func fields(of object: JSONValue) -> CustomDataIndex {
        var index = CustomDataIndex()
        if object.kind == .object { index.add(object, at: .root, hidden: .none) }
        return index
    }

    /// Whether any of the seven fields is at the root place (the story block aside): read
    /// from the first row at once, so a caller with nothing to report builds no value.
    var hasRootFields: Bool {
        present & 0x7F != 0
    }

    /// Whether `field` is at one of the places its lookup walks: most fields of most
    /// messages are nowhere, and their lookups end here without reading any place.
    @inline(__always)
    func isAnywhere(_ field: CustomDataField) -> Bool {
        let column = UInt32(truncatingIfNeeded: field.ordinal)
        let places: UInt32 = field.readsUserdata ? 0x0101_0101 : 0x0001_0101
        return present & (places << column) != 0
    }

    /// The node of `field` in the container at `place`, when it is there.
    @inline(__always)
    func node(_ field: CustomDataField, at place: LookupPlace) -> Int? {
        slotNode(Self.slot(field, place))
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
            if present & (1 << UInt32(truncatingIfNeeded: slot)) != 0,
               included(KindCode.kind(withUnsafeBytes(of: kinds) { $0[slot] })) { return true }
            if ordinal == stopOrdinal { return false }
            ordinal += 1
        }
        return false
    }

    /// The `pw_stories` block at `place`, when it is there: the story extension looks for
    /// it in the same places for every message, so it takes the index's eighth column.
    @inline(__always)
    func storyBlockNode(at place: LookupPlace) -> Int? {
        slotNode(place.ordinal * 8 + IndexedKey.storyBlock.ordinal)
    }

    /// The node in `slot`, when it holds one.
    @inline(__always)
    private func slotNode(_ slot: Int) -> Int? {
        guard present & (1 << UInt32(truncatingIfNeeded: slot)) != 0 else { return nil }
        return Int(withUnsafeBytes(of: nodes) { $0.load(fromByteOffset: 4 * slot, as: Int32.self) })
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
    /// first, so `"butto\u006es"` is `buttons`, as it is for iOS). Inlined into the walk:
    /// every key of an indexed length comes here.
    @inline(__always)
    private static func key(named key: TapeNode, in bytes: UnsafeBufferPointer<UInt8>) -> IndexedKey? {
        guard key.flags & NodeFlag.hasEscapes == 0 else {
            let decoded = Tape.stringBytes(key, bytes)
            return decoded.withUnsafeBufferPointer { self.key(in: $0, from: 0, length: $0.count) }
        }
        let from = Int(key.start) + 1
        let to = Int(key.end) - 1
        guard from <= to else { return nil }
        return self.key(in: bytes, from: from, length: to - from)
    }

    /// The indexed key named by the `length` bytes at `from`: told by the length, then by
    /// the name's first eight bytes read as one integer (and its last eight, for the two
    /// longer names), compared with the names' own (`IndexedWords`) without calling
    /// `memcmp`: every key of every message's custom data of an indexed length comes here.
    @inline(__always)
    private static func key(in bytes: UnsafeBufferPointer<UInt8>, from: Int, length: Int) -> IndexedKey? {
        switch length {
        case 5, 6, 7, 8:
            let head = KeyBytes.head(bytes, from: from, length: length)
            switch head {
            case IndexedWords.image: return .field(.image)
            case IndexedWords.video: return .field(.video)
            case IndexedWords.wallet: return .field(.wallet)
            case IndexedWords.pinned: return .field(.pinned)
            case IndexedWords.buttons: return .field(.buttons)
            case IndexedWords.carousel: return .field(.carousel)
            default: return nil
            }
        case 10:
            guard KeyBytes.head(bytes, from: from, length: length) == IndexedWords.storyBlockHead,
                  KeyBytes.tail(bytes, from: from, length: length) == IndexedWords.storyBlockTail else { return nil }
            return .storyBlock
        case 11:
            guard KeyBytes.head(bytes, from: from, length: length) == IndexedWords.displayTypeHead,
                  KeyBytes.tail(bytes, from: from, length: length) == IndexedWords.displayTypeTail else { return nil }
            return .field(.displayType)
        default:
            return nil
        }
    }
}

/// The indexed names' bytes as little-endian integers (`KeyBytes.head`: the first eight
/// bytes, zero-padded; `KeyBytes.tail`: the last eight), written out so matching a key
/// loads no table. A head also tells the length of a name of up to eight bytes: the
/// padding is zero, and no name has a zero byte.
enum IndexedWords {
    static let image: UInt64 = 0x65_67_61_6D_69                    // "image"
    static let video: UInt64 = 0x6F_65_64_69_76                    // "video"
    static let wallet: UInt64 = 0x74_65_6C_6C_61_77                 // "wallet"
    static let pinned: UInt64 = 0x64_65_6E_6E_69_70                 // "pinned"
    static let buttons: UInt64 = 0x73_6E_6F_74_74_75_62             // "buttons"
    static let carousel: UInt64 = 0x6C_65_73_75_6F_72_61_63         // "carousel"
    static let storyBlockHead: UInt64 = 0x69_72_6F_74_73_5F_77_70   // "pw_stori"
    static let storyBlockTail: UInt64 = 0x73_65_69_72_6F_74_73_5F   // "_stories"
    static let displayTypeHead: UInt64 = 0x54_79_61_6C_70_73_69_64  // "displayT"
    static let displayTypeTail: UInt64 = 0x65_70_79_54_79_61_6C_70  // "playType"
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
    @inline(__always)
    var readsUserdata: Bool { self == .displayType || self == .pinned }

    /// Position in `allCases`, for `CustomDataIndex`.
    @inline(__always)
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
    @inline(__always)
    var ordinal: Int {
        switch self {
        case .root: return 0
        case .u: return 1
        case .uString: return 2
        case .userdata: return 3
        }
    }
}
