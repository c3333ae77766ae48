import InboxCore

/// Cheap facts about which keys a message sets, read from the fields the normaliser found
/// (and the key lengths and first letters of a container): the analyzer asks them of every
/// message (`MessageFacts`), and the rules about these keys start from them.
extension Message {
    /// The custom-data keys the SDK looks up (BEHAVIOUR §3).
    public static let customDataKeys = ["displayType", "buttons", "carousel", "video", "wallet", "pinned", "image"]
    /// The keys that keep a notification in the inbox.
    public static let inboxKeys = ["inbox_image", "inbox_date", "inbox_days"]
    /// `customDataKeys` by length and first letter: nearly no top level holds one.
    static let customDataKeyPretest = MemberNamePretest(customDataKeys)
    /// `inboxKeys` by length and first letter: nearly no `data` holds one.
    static let inboxKeyPretest = MemberNamePretest(inboxKeys)

    /// Whether the message is sent as soon as it is created: no `send_date`, null, or the
    /// string "now" (nearly every campaign).
    public final var isSentNow: Bool {
        guard let value = fields.sendDate, !value.isNull else { return true }
        return Self.isNow(value)
    }

    /// Whether the value is the string "now", compared on its bytes (a string written
    /// with escapes is compared as decoded).
    static func isNow(_ value: JSONValue) -> Bool {
        value.withRawStringBytes { bytes in
            bytes.count == 3 && bytes[0] == UInt8(ascii: "n") && bytes[1] == UInt8(ascii: "o") && bytes[2] == UInt8(ascii: "w")
        } ?? value.stringEquals("now")
    }

    /// Whether a notification sets (not null) one of `inbox_image`, `inbox_date` and
    /// `inbox_days`; true for other shapes.
    public final var setsInboxField: Bool {
        shape != .notification || Self.isSet(fields.image?.value) || Self.isSet(fields.inboxDate)
            || Self.isSet(fields.inboxDays)
    }

    /// Whether the top level, where it is not custom data already (a shape with a
    /// `customDataContainer`), may hold a custom-data key (`customDataKeys`).
    public final var mayHaveCustomKeyAtTopLevel: Bool {
        guard case .some = shape.customDataContainer else { return false }
        // When every member is a field a notification was read from, none is custom data.
        if shape == .notification || shape == .request, fields.value.count == fields.readFieldCount { return false }
        return Self.customDataKeyPretest.mayHaveMember(fields.value)
    }

    /// Whether a notification may set an inbox field twice: both `inbox_date` and
    /// `inbox_days`, a key given twice, or an inbox key inside `data` or `ios_root_params`.
    public final var mayRepeatInboxField: Bool {
        guard shape == .notification else { return false }
        if let days = fields.inboxDays, let date = fields.inboxDate, !days.isNull, !date.isNull { return true }
        if fields.value.node.flags & NodeFlag.hasDuplicateKeys != 0 { return true }
        // `data` and `ios_root_params` are a notification's `u` and root places, whose keys
        // the custom-data index looked at already.
        return fields.actionParams.mayHoldInboxKey(at: .u) || fields.actionParams.mayHoldInboxKey(at: .root)
    }

    private static func isSet(_ value: JSONValue?) -> Bool { value.map { !$0.isNull } ?? false }
}
