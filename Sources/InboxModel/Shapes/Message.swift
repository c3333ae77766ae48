/// One message as the SDK receives it, whatever shape it was delivered in (SPEC §2).
/// Fields keep the JSON value they were read from so findings point at it.
public struct Message: Sendable {
    /// Where the message's own image field came from.
    public enum ImageOrigin: String, Sendable {
        case inboxImage = "inbox_image"
        case inboxParams = "inbox_params.image"
        case image = "image"
        case imageUrl = "imageUrl"
    }

    /// The message's own image (before any custom-data fallback).
    public struct Image: Sendable {
        public var url: String?
        public var value: JSONValue
        public var origin: ImageOrigin
    }

    /// Name of the input (file path or `-`).
    public var source: String
    /// The object the message was made from.
    public var value: JSONValue
    public var shape: Shape
    public var code: String?
    public var title: TextField?
    public var body: TextField?
    public var image: Image?
    public var actionParams: ActionParams
    /// `platforms` of a notification (array of numbers; 1 is iOS).
    public var platforms: JSONValue?
    public var sendDate: JSONValue?
    public var inboxDate: JSONValue?
    public var inboxDays: JSONValue?
    /// `ios_category_custom` (notification) or `aps.category` (push).
    public var category: JSONValue?
    /// `ios_root_params` of a notification, the whole dictionary of a push.
    public var rootParams: JSONValue?
    /// `isRead` / `status` when the shape carries it.
    public var isRead: Bool?

    public var pointer: String { value.pointer }
    public var position: SourcePosition { value.position }
}
