import InboxCore

/// The five payload shapes of BEHAVIOUR §2. Each is normalised into one `Message` model.
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

    /// Keys whose presence makes an object a notification (BEHAVIOUR §2).
    static let notificationKeys: Set<String> = [
        "content", "send_date", "ios_title", "inbox_image", "inbox_date", "inbox_days", "data", "platforms",
    ]

    /// A document's shape with the members read to find it: a notification is read from
    /// them (`NotificationKeys`) without walking its members a second time.
    struct Detection {
        let shape: Shape
        /// The members named in `NotificationKeys.names`, when they were read.
        let members: MemberValues?
    }

    /// Recognises the shape of one JSON document, or nil when nothing matches (IK003).
    /// Order matters: wrappers first, then the most specific markers.
    public static func detect(_ value: JSONValue) -> Shape? {
        detection(of: value)?.shape
    }

    /// `detect`, with the members read. Every document is asked for the keys that decide
    /// the shape and nearly every one is a notification, whose own keys the normaliser
    /// reads next: one pass over the members finds both (`NotificationKeys` holds them
    /// all). The keys are matched as bytes without decoding them; they are ASCII letters
    /// and `_`, which no other text is canonically equivalent to, so comparing bytes gives
    /// the same answer as comparing strings.
    /// Inlined into the inspector, which asks it of every document.
    @inline(__always)
    static func detection(of value: JSONValue) -> Detection? {
        guard value.kind == .object else { return nil }
        let found = NotificationKeys.members(of: value)
        let shape: Shape
        if let request = found[Normaliser.requestKey], request.kind == .object {
            shape = .request
        } else if let response = found[Normaliser.responseKey], response.kind == .object, response["messages"] != nil {
            shape = .inbox
        } else if found[Normaliser.actionParamsKey] != nil {
            shape = .message
        } else if found[Normaliser.apsKey] != nil {
            shape = .push
        } else if found[Normaliser.inboxIDKey] != nil {
            shape = .inbox
        } else if found.hasAny(Normaliser.notificationMarkers) {
            shape = .notification
        } else {
            return nil
        }
        return Detection(shape: shape, members: found)
    }
}
