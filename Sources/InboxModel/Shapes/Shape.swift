import InboxCore

/// The payload shapes of BEHAVIOUR §2. Each is normalised into one `Message` model.
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
    static let notificationKeys = Set(NotificationKeys.Key.allCases.filter { key in
        NotificationKeys.notificationMarkers & key.bit != 0
    }.map(\.name))

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
        if let request = found[.request], request.kind == .object {
            shape = .request
        } else if let response = found[.response], response.kind == .object, response["messages"] != nil {
            shape = .inbox
        } else if found[.actionParams] != nil {
            shape = .message
        } else if found[.aps] != nil {
            shape = .push
        } else if found[.inboxID] != nil {
            shape = .inbox
        } else if found.hasAny(NotificationKeys.notificationMarkers) {
            shape = .notification
        } else {
            return nil
        }
        return Detection(shape: shape, members: found)
    }
}

/// What each shape calls its fields, for the findings that name the field to change, and
/// where its custom data sits: one switch per question, so a new shape answers them here.
extension Shape {
    /// What a marketer calls a document of this shape.
    public var name: String {
        switch self {
        case .request: return "request"
        case .notification: return "notification"
        case .push: return "push"
        case .inbox: return "inbox message"
        case .message: return "SDK message"
        }
    }

    /// Every shape's name, "request, notification, … or SDK message", for a document that is none.
    public static let namesInWords: String = {
        let names = allCases.map(\.name)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }()

    /// The payload field that holds a message's title.
    public var titleField: StaticString {
        switch self {
        case .notification, .request: return "ios_title"
        case .push: return "aps.alert.title"
        case .inbox, .message: return "title"
        }
    }

    /// The payload field that holds a message's body.
    public var bodyField: StaticString {
        switch self {
        case .notification, .request: return "content"
        case .push: return "aps.alert.body"
        case .inbox: return "text"
        case .message: return "message"
        }
    }

    /// The payload field that holds a message's own image.
    public var imageField: StaticString {
        switch self {
        case .notification, .request: return "inbox_image"
        case .push: return "inbox_params.image"
        case .inbox: return "image"
        case .message: return "imageUrl"
        }
    }

    /// The member that holds the custom data, where the top level is not custom data
    /// itself (a push's dictionary and the SDK's view are): a custom-data key at the top
    /// level belongs in it.
    public var customDataContainer: String? {
        switch self {
        case .notification, .request: return "data"
        case .inbox: return "action_params"
        case .push, .message: return nil
        }
    }
}
