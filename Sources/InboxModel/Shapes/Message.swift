/// One message as the SDK receives it, whatever shape it was delivered in (SPEC §2).
/// Fields keep the JSON value they were read from so findings point at it.
///
/// An immutable final class: the normaliser, the inspector, the analyses and the
/// renderers all hold the message, and each copy of a struct of fifteen fields retained
/// every string, array and document reference in it. Built once by `Normaliser`.
public final class Message: Sendable {
    /// Where the message's own image field came from.
    public enum ImageOrigin: String, Sendable {
        case inboxImage = "inbox_image"
        case inboxParams = "inbox_params.image"
        case image = "image"
        case imageUrl = "imageUrl"
    }

    /// The message's own image (before any custom-data fallback).
    public struct Image: Sendable {
        public var value: JSONValue
        public var origin: ImageOrigin

        /// The URL when the field is a string, decoded when asked: the checks read the
        /// value's bytes.
        public var url: String? { value.string }
    }

    /// Name of the input (file path or `-`).
    public let source: String
    /// The object the message was made from.
    public let value: JSONValue
    public let shape: Shape
    public let code: String?
    public let title: TextField?
    public let body: TextField?
    public let image: Image?
    public let actionParams: ActionParams
    /// `platforms` of a notification (array of numbers; 1 is iOS).
    public let platforms: JSONValue?
    public let sendDate: JSONValue?
    public let inboxDate: JSONValue?
    public let inboxDays: JSONValue?
    /// `ios_category_custom` (notification) or `aps.category` (push).
    public let category: JSONValue?
    /// `ios_root_params` of a notification, the whole dictionary of a push.
    public let rootParams: JSONValue?
    /// `isRead` / `status` when the shape carries it.
    public let isRead: Bool?

    /// Fields a shape does not carry are left out (nil).
    public init(source: String, value: JSONValue, shape: Shape, code: String? = nil, title: TextField? = nil,
                body: TextField? = nil, image: Image? = nil, actionParams: ActionParams, platforms: JSONValue? = nil,
                sendDate: JSONValue? = nil, inboxDate: JSONValue? = nil, inboxDays: JSONValue? = nil,
                category: JSONValue? = nil, rootParams: JSONValue? = nil, isRead: Bool? = nil) {
        self.source = source
        self.value = value
        self.shape = shape
        self.code = code
        self.title = title
        self.body = body
        self.image = image
        self.actionParams = actionParams
        self.platforms = platforms
        self.sendDate = sendDate
        self.inboxDate = inboxDate
        self.inboxDays = inboxDays
        self.category = category
        self.rootParams = rootParams
        self.isRead = isRead
    }

    public var pointer: String { value.pointer }
    public var position: SourcePosition { value.position }
}
