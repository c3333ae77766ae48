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
    /// The document the message was read from: every JSON value of the message is in it,
    /// kept as a node index (one reference instead of one per value, to retain on every
    /// copy and to release at teardown).
    private let document: JSONDocument
    /// Nodes of `value` and of the optional values below (-1 when absent).
    private let valueNode: Int32
    private let platformsNode: Int32
    private let sendDateNode: Int32
    private let inboxDateNode: Int32
    private let inboxDaysNode: Int32
    private let categoryNode: Int32
    private let rootParamsNode: Int32
    private let imageNode: Int32
    private let imageOrigin: ImageOrigin
    public let shape: Shape
    public let code: String?
    public let title: TextField?
    public let body: TextField?
    public let actionParams: ActionParams
    /// `isRead` / `status` when the shape carries it.
    public let isRead: Bool?

    /// The object the message was made from.
    public var value: JSONValue { JSONValue(document: document, index: Int(valueNode)) }
    /// The message's own image field, when present.
    public var image: Image? {
        guard imageNode >= 0 else { return nil }
        return Image(value: JSONValue(document: document, index: Int(imageNode)), origin: imageOrigin)
    }
    /// `platforms` of a notification (array of numbers; 1 is iOS).
    public var platforms: JSONValue? { value(atNode: platformsNode) }
    public var sendDate: JSONValue? { value(atNode: sendDateNode) }
    public var inboxDate: JSONValue? { value(atNode: inboxDateNode) }
    public var inboxDays: JSONValue? { value(atNode: inboxDaysNode) }
    /// `ios_category_custom` (notification) or `aps.category` (push).
    public var category: JSONValue? { value(atNode: categoryNode) }
    /// `ios_root_params` of a notification, the whole dictionary of a push.
    public var rootParams: JSONValue? { value(atNode: rootParamsNode) }

    @inline(__always)
    private func value(atNode node: Int32) -> JSONValue? {
        node >= 0 ? JSONValue(document: document, index: Int(node)) : nil
    }

    /// Fields a shape does not carry are left out (nil). Every value is one of `value`'s
    /// document (the normaliser reads them all from it).
    public init(source: String, value: JSONValue, shape: Shape, code: String? = nil, title: TextField? = nil,
                body: TextField? = nil, image: Image? = nil, actionParams: ActionParams, platforms: JSONValue? = nil,
                sendDate: JSONValue? = nil, inboxDate: JSONValue? = nil, inboxDays: JSONValue? = nil,
                category: JSONValue? = nil, rootParams: JSONValue? = nil, isRead: Bool? = nil) {
        let document = value.document
        /// The node of a value of the message's document.
        func node(_ member: JSONValue?) -> Int32 {
            guard let member else { return -1 }
            precondition(member.belongs(to: document), "a message's values are read from its own document")
            return Int32(truncatingIfNeeded: member.index)
        }
        self.source = source
        self.document = document
        self.valueNode = Int32(truncatingIfNeeded: value.index)
        self.shape = shape
        self.code = code
        self.title = title
        self.body = body
        self.imageNode = node(image?.value)
        self.imageOrigin = image?.origin ?? .image
        self.actionParams = actionParams
        self.platformsNode = node(platforms)
        self.sendDateNode = node(sendDate)
        self.inboxDateNode = node(inboxDate)
        self.inboxDaysNode = node(inboxDays)
        self.categoryNode = node(category)
        self.rootParamsNode = node(rootParams)
        self.isRead = isRead
    }

    public var pointer: String { value.pointer }
    public var position: SourcePosition { value.position }
}
