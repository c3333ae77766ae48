/// The five payload shapes of SPEC §2. Each is normalised into one `Message` model.
public enum Shape: String, CaseIterable, Sendable {
    /// The createMessage body: `{"request": {"notifications": [...]}}`.
    case request
    /// One element of `request.notifications`.
    case notification
    /// An APNs `userInfo` dictionary (has `aps`).
    case push
    /// A getInboxMessages response or one of its `messages` (has `inbox_id`).
    case inbox
    /// The SDK's own message view (has `actionParams`).
    case message

    /// Keys whose presence makes an object a notification (SPEC §2).
    static let notificationKeys: Set<String> = [
        "content", "send_date", "ios_title", "inbox_image", "inbox_date", "inbox_days", "data", "platforms",
    ]

    /// The keys that decide the shape, in the order `detect` checks them, then
    /// `notificationKeys` (from position `firstNotificationKey` on): every document is asked
    /// for all of them, and one pass over its members finds them all. The keys are matched
    /// as bytes without decoding them; they are ASCII letters and `_`, which no other text
    /// is canonically equivalent to, so comparing bytes gives the same answer as comparing
    /// strings.
    private static let detectionKeys = MemberNames(["request", "response", "actionParams", "aps", "inbox_id"]
                                                   + notificationKeys.sorted())
    private static let firstNotificationKey = 5

    /// Recognises the shape of one JSON document, or nil when nothing matches (IK003).
    /// Order matters: wrappers first, then the most specific markers.
    public static func detect(_ value: JSONValue) -> Shape? {
        guard value.kind == .object else { return nil }
        let found = value.members(detectionKeys)
        if let request = found[0], request.kind == .object { return .request }
        if let response = found[1], response.kind == .object, response["messages"] != nil { return .inbox }
        if found[2] != nil { return .message }
        if found[3] != nil { return .push }
        if found[4] != nil { return .inbox }
        return found.hasAny(from: firstNotificationKey) ? .notification : nil
    }
}
