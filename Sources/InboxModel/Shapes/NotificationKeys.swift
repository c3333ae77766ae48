import InboxCore

/// The keys a notification is read from and those that tell the other shapes, found in one
/// pass over a document's members, each key classified once by a switch on its length and
/// then compared as one to three words with the names' own bytes, written out below.
///
/// Every document is asked for these names (`Shape.detection`, then `Normaliser.notification`
/// reads the same result): the general `MemberNames` lookup went through its tables for every
/// key of every document, where a switch of constants decides most keys with one or two compares.
enum NotificationKeys {
    /// The names, in the order of their positions in `MemberValues` (a case's raw value):
    /// to read one more key, add a case, its `name`, its words and its length's branch in
    /// `position`. `MemberValues` holds 16.
    enum Key: Int, CaseIterable {
        case iosRootParams, data, iosTitle, content, inboxImage, platforms, sendDate, inboxDate, inboxDays
        case iosCategoryCustom, request, response, actionParams, aps, inboxID

        var name: String {
            switch self {
            case .iosRootParams: return "ios_root_params"
            case .data: return "data"
            case .iosTitle: return "ios_title"
            case .content: return "content"
            case .inboxImage: return "inbox_image"
            case .platforms: return "platforms"
            case .sendDate: return "send_date"
            case .inboxDate: return "inbox_date"
            case .inboxDays: return "inbox_days"
            case .iosCategoryCustom: return "ios_category_custom"
            case .request: return "request"
            case .response: return "response"
            case .actionParams: return "actionParams"
            case .aps: return "aps"
            case .inboxID: return "inbox_id"
            }
        }

        /// The key's bit in a set of positions (`MemberValues.hasAny`).
        @inline(__always)
        var bit: UInt16 { 1 << UInt16(truncatingIfNeeded: rawValue) }
    }

    /// The names by position, as `MemberNames` would list them.
    static let names = Key.allCases.map(\.name)

    /// The keys any of which makes an object a notification (BEHAVIOUR §2), as bits:
    /// computed and inlined, so the compiler folds it to a constant where detection asks it.
    @inline(__always)
    static var notificationMarkers: UInt16 {
        Key.data.bit | Key.iosTitle.bit | Key.content.bit | Key.inboxImage.bit | Key.platforms.bit
            | Key.sendDate.bit | Key.inboxDate.bit | Key.inboxDays.bit
    }

    /// The members of `object` named in `names` (the last one with duplicate keys, as iOS
    /// keeps), by position; all absent when it is not an object. Read them with a `Key`.
    static func members(of object: JSONValue) -> MemberValues {
        object.members(matchingSpan: { key, bytes in
            guard key.flags & NodeFlag.hasEscapes == 0 else { return escapedPosition(key, bytes) }
            return position(bytes, from: Int(key.start) &+ 1, length: Int(key.end &- key.start) &- 2)
        })
    }

    /// Rare: a key with escapes is classified decoded (`"d\u0061ta"` is `data`, as for iOS).
    @inline(never)
    private static func escapedPosition(_ key: TapeNode, _ bytes: Span<UInt8>) -> Int? {
        Tape.stringBytes(key, bytes).withSpan { position($0, from: 0, length: $0.count) }
    }

    /// The position (`Key.rawValue`) of the name spelled by the `length` bytes at `from`, if any.
    @inline(__always)
    static func position(_ bytes: Span<UInt8>, from: Int, length: Int) -> Int? {
        switch length {
        case 3:
            return KeyBytes.head(bytes, from: from, length: 3) == Words.aps ? Key.aps.rawValue : nil
        case 4:
            return KeyBytes.head(bytes, from: from, length: 4) == Words.data ? Key.data.rawValue : nil
        case 7:
            switch KeyBytes.head(bytes, from: from, length: 7) {
            case Words.content: return Key.content.rawValue
            case Words.request: return Key.request.rawValue
            default: return nil
            }
        case 8:
            switch KeyBytes.head(bytes, from: from, length: 8) {
            case Words.response: return Key.response.rawValue
            case Words.inboxID: return Key.inboxID.rawValue
            default: return nil
            }
        case 9:
            // The three names differ in their first eight bytes; the tail settles the ninth.
            let tail = KeyBytes.tail(bytes, from: from, length: 9)
            switch KeyBytes.head(bytes, from: from, length: 9) {
            case Words.iosTitleHead: return tail == Words.iosTitleTail ? Key.iosTitle.rawValue : nil
            case Words.platformsHead: return tail == Words.platformsTail ? Key.platforms.rawValue : nil
            case Words.sendDateHead: return tail == Words.sendDateTail ? Key.sendDate.rawValue : nil
            default: return nil
            }
        case 10:
            guard KeyBytes.head(bytes, from: from, length: 10) == Words.inboxDaHead else { return nil }
            switch KeyBytes.tail(bytes, from: from, length: 10) {
            case Words.inboxDateTail: return Key.inboxDate.rawValue
            case Words.inboxDaysTail: return Key.inboxDays.rawValue
            default: return nil
            }
        case 11:
            return KeyBytes.head(bytes, from: from, length: 11) == Words.inboxImageHead
                && KeyBytes.tail(bytes, from: from, length: 11) == Words.inboxImageTail ? Key.inboxImage.rawValue : nil
        case 12:
            return KeyBytes.head(bytes, from: from, length: 12) == Words.actionParamsHead
                && KeyBytes.tail(bytes, from: from, length: 12) == Words.actionParamsTail ? Key.actionParams.rawValue : nil
        case 15:
            return KeyBytes.head(bytes, from: from, length: 15) == Words.iosRootParamsHead
                && KeyBytes.tail(bytes, from: from, length: 15) == Words.iosRootParamsTail ? Key.iosRootParams.rawValue : nil
        case 19:
            // Head, the second eight bytes, and the tail (which overlaps them) cover all 19.
            return KeyBytes.head(bytes, from: from, length: 19) == Words.iosCategoryHead
                && KeyBytes.head(bytes, from: from &+ 8, length: 8) == Words.iosCategoryMiddle
                && KeyBytes.tail(bytes, from: from, length: 19) == Words.iosCategoryTail ? Key.iosCategoryCustom.rawValue : nil
        default:
            return nil
        }
    }

    /// The names' bytes as little-endian words (`KeyBytes.head`: the first eight bytes,
    /// zero-padded; `KeyBytes.tail`: the last eight), written out so a key is matched
    /// against constants. `ReadingFastPathTests` checks that every `Key`'s name is found at its position.
    enum Words {
        static let aps: UInt64 = 0x73_70_61                                   // "aps"
        static let data: UInt64 = 0x61_74_61_64                               // "data"
        static let content: UInt64 = 0x74_6E_65_74_6E_6F_63                   // "content"
        static let request: UInt64 = 0x74_73_65_75_71_65_72                   // "request"
        static let response: UInt64 = 0x65_73_6E_6F_70_73_65_72               // "response"
        static let inboxID: UInt64 = 0x64_69_5F_78_6F_62_6E_69                // "inbox_id"
        static let iosTitleHead: UInt64 = 0x6C_74_69_74_5F_73_6F_69           // "ios_titl"
        static let iosTitleTail: UInt64 = 0x65_6C_74_69_74_5F_73_6F           // "os_title"
        static let platformsHead: UInt64 = 0x6D_72_6F_66_74_61_6C_70          // "platform"
        static let platformsTail: UInt64 = 0x73_6D_72_6F_66_74_61_6C          // "latforms"
        static let sendDateHead: UInt64 = 0x74_61_64_5F_64_6E_65_73           // "send_dat"
        static let sendDateTail: UInt64 = 0x65_74_61_64_5F_64_6E_65           // "end_date"
        static let inboxDaHead: UInt64 = 0x61_64_5F_78_6F_62_6E_69            // "inbox_da"
        static let inboxDateTail: UInt64 = 0x65_74_61_64_5F_78_6F_62          // "box_date"
        static let inboxDaysTail: UInt64 = 0x73_79_61_64_5F_78_6F_62          // "box_days"
        static let inboxImageHead: UInt64 = 0x6D_69_5F_78_6F_62_6E_69         // "inbox_im"
        static let inboxImageTail: UInt64 = 0x65_67_61_6D_69_5F_78_6F         // "ox_image"
        static let actionParamsHead: UInt64 = 0x61_50_6E_6F_69_74_63_61       // "actionPa"
        static let actionParamsTail: UInt64 = 0x73_6D_61_72_61_50_6E_6F       // "onParams"
        static let iosRootParamsHead: UInt64 = 0x74_6F_6F_72_5F_73_6F_69      // "ios_root"
        static let iosRootParamsTail: UInt64 = 0x73_6D_61_72_61_70_5F_74      // "t_params"
        static let iosCategoryHead: UInt64 = 0x65_74_61_63_5F_73_6F_69        // "ios_cate"
        static let iosCategoryMiddle: UInt64 = 0x73_75_63_5F_79_72_6F_67      // "gory_cus"
        static let iosCategoryTail: UInt64 = 0x6D_6F_74_73_75_63_5F_79        // "y_custom"
    }
}

extension MemberValues {
    /// The value of `key`, read from `NotificationKeys.members(of:)`.
    @inline(__always)
    subscript(key: NotificationKeys.Key) -> JSONValue? { self[key.rawValue] }

    /// The node index of the value of `key`, when present.
    @inline(__always)
    func node(_ key: NotificationKeys.Key) -> Int? { node(key.rawValue) }
}
