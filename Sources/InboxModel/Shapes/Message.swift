import InboxCore

/// One message as the SDK receives it, whatever shape it was delivered in (BEHAVIOUR §2).
/// Fields keep the JSON value they were read from so findings point at it.
///
/// An immutable class: the normaliser, the inspector, the analyses and the renderers all
/// hold the message, and each copy of a struct of fifteen fields retained every string,
/// array and document reference in it. Not final for one reason: an `InspectedMessage` is
/// a message (its subclass), so inspecting a message allocates one object, not two, and
/// frees one. Every member is `final`: nothing is overridden, and calls stay direct.
public class Message: @unchecked Sendable { // @unchecked: fields are set while normalising, read-only after
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

    /// What the message is made of; immutable, so the analyses can read it before the
    /// message object exists (see `InspectedMessage.init`).
    final let fields: MessageFields
    /// The story of an `InspectedMessage` that is one, boxed: almost no message is one,
    /// and an inline optional `Story` (a dozen words) was written, copied and destroyed
    /// for every message; a nil reference costs nothing to keep. Nil for a message that
    /// is not inspected.
    final let storyBox: StoryBox?
    /// `InspectedMessage.sizeEstimate`; nil for a message that is not inspected.
    final let inspectedSize: APNsSizeEstimate?
    // Both are kept here rather than by `InspectedMessage`, which then has one property
    // to destroy (see `InspectedMessage.resolution`).

    /// Fields a shape does not carry are left out (nil). Every value is one of `value`'s
    /// document (the normaliser reads them all from it).
    public convenience init(source: String, value: JSONValue, shape: Shape, code: String? = nil, title: TextField? = nil,
                            body: TextField? = nil, image: Image? = nil, actionParams: ActionParams,
                            platforms: JSONValue? = nil, sendDate: JSONValue? = nil, inboxDate: JSONValue? = nil,
                            inboxDays: JSONValue? = nil, category: JSONValue? = nil, rootParams: JSONValue? = nil,
                            isRead: Bool? = nil) {
        self.init(fields: MessageFields(source: source, value: value, shape: shape, code: code, title: title, body: body,
                                        image: image, actionParams: actionParams, platforms: platforms,
                                        sendDate: sendDate, inboxDate: inboxDate, inboxDays: inboxDays,
                                        category: category, rootParams: rootParams, isRead: isRead))
    }

    @inline(__always)
    init(fields: consuming MessageFields) {
        self.fields = fields
        storyBox = nil
        inspectedSize = nil
    }

    /// An inspected message's: its fields and two of its analyses (see `storyBox`).
    @inline(__always)
    init(fields: consuming MessageFields, storyBox: StoryBox?, inspectedSize: APNsSizeEstimate?) {
        self.fields = fields
        self.storyBox = storyBox
        self.inspectedSize = inspectedSize
    }

    /// Name of the input (file path or `-`).
    public final var source: String { fields.source }
    public final var shape: Shape { fields.shape }
    public final var code: String? { fields.code }
    // Yielded where the fields hold them, so reading through them copies nothing.
    public final var title: TextField? { _read { yield fields.title } }
    public final var body: TextField? { _read { yield fields.body } }
    public final var actionParams: ActionParams { _read { yield fields.actionParams } }
    /// `isRead` / `status` when the shape carries it.
    public final var isRead: Bool? { fields.isRead }
    /// The object the message was made from.
    public final var value: JSONValue { fields.value }
    /// The message's own image field, when present.
    public final var image: Image? { fields.image }
    /// `platforms` of a notification (array of numbers; 1 is iOS).
    public final var platforms: JSONValue? { fields.platforms }
    public final var sendDate: JSONValue? { fields.sendDate }
    public final var inboxDate: JSONValue? { fields.inboxDate }
    public final var inboxDays: JSONValue? { fields.inboxDays }
    /// `ios_category_custom` (notification) or `aps.category` (push).
    public final var category: JSONValue? { fields.category }
    /// `ios_root_params` of a notification, the whole dictionary of a push.
    public final var rootParams: JSONValue? { fields.rootParams }

    public final var pointer: String { fields.value.pointer }
    public final var position: SourcePosition { fields.value.position }
}

/// The content of a `Message`, as the normaliser reads it and the analyses (resolution,
/// story, APNs size) take it; the members are those of `Message`.
///
/// Plain values: every field read from the message's document is a node index into it
/// (the title and body are `TextField`s, which hold no reference), and what nearly no
/// message has (a code given as a string, a document the action params do not keep) is
/// in one optional box. A message's fields then hold two references (the source name and
/// the action params' keeper) and two nil boxes to release when it goes, where seven
/// were released one by one (an optional code string, the title's and body's
/// localisation boxes, the message's own document).
struct MessageFields: Sendable {
    /// Name of the input (file path or `-`).
    let source: String
    /// The document the message was read from: every JSON value of the message is in it,
    /// kept as a node index (one reference instead of one per value, to retain on every
    /// copy and to release at teardown). Borrowed: `actionParams` keeps it, or `owned`
    /// when it does not.
    private let document: DocumentHandle
    /// What the message owns beyond its document (see `OwnedParts`); nil for nearly every message.
    private let owned: OwnedParts?
    /// Nodes of `value` and of the optional values below (-1 when absent).
    private let valueNode: Int32
    private let platformsNode: Int32
    private let sendDateNode: Int32
    private let inboxDateNode: Int32
    private let inboxDaysNode: Int32
    private let categoryNode: Int32
    private let rootParamsNode: Int32
    private let imageNode: Int32
    /// Node of a code read as a string from the document (decoded when asked); -1 when
    /// absent or held by `owned`.
    private let codeNode: Int32
    private let imageOrigin: Message.ImageOrigin
    let shape: Shape
    let isRead: Bool?
    let title: TextField?
    let body: TextField?
    let actionParams: ActionParams

    /// The parts a message owns instead of reading them from its document, boxed so that the usual message holds one nil
    /// reference for them all.
    private final class OwnedParts: Sendable {
        /// The message's document, when `actionParams` does not keep it (nearly every
        /// message's action params are read from its own document and keep it).
        let ownDocument: JSONDocument?
        /// A code given as a string (`Message.init`), not read from the document.
        let code: String?

        init(ownDocument: JSONDocument?, code: String?) {
            self.ownDocument = ownDocument
            self.code = code
        }
    }

    var value: JSONValue { document.value(at: Int(valueNode)) }
    /// What keeps the message's values valid (see `DocumentOwners`). Inlined: read for
    /// every message's resolution, where a call cost more than the test and the retain.
    @inline(__always)
    var owners: DocumentOwners {
        // Nearly every message: the action params keep the message's document, and a `u`
        // document keeps the one it was parsed from (`PositionResolver.parent`), so their
        // keeper, the innermost document, keeps them all (read without building the
        // params' owners).
        let ownDocument = owned?.ownDocument
        if ownDocument == nil, actionParams.hasNoRare {
            // Bound first: the optional converted to `AnyObject?` as is was copied through
            // the generic value witnesses of `Optional`.
            guard let keeper = actionParams.keeper else { return DocumentOwners(keeper: nil) }
            return DocumentOwners(keeper: keeper)
        }
        return DocumentOwners(keeper: DocumentOwners.Box(document: ownDocument, actionParams: actionParams.owners))
    }
    /// Decoded when asked (a notification has none; the renderers and a few rules read it).
    var code: String? {
        if codeNode >= 0 { return document.value(at: Int(codeNode)).string }
        return owned?.code
    }
    var image: Message.Image? {
        guard imageNode >= 0 else { return nil }
        return Message.Image(value: document.value(at: Int(imageNode)), origin: imageOrigin)
    }
    /// How many of the keys a notification (or request) is read from its top level it has
    /// (`Normaliser.notification`), counted from the nodes without building the values.
    /// Inlined: called, the message's fields were copied for it.
    @inline(__always)
    var readFieldCount: Int {
        func one(_ present: Bool) -> Int { present ? 1 : 0 }
        return one(title != nil) &+ one(body != nil) &+ one(actionParams.hasU) &+ one(rootParamsNode >= 0)
            &+ one(imageNode >= 0) &+ one(platformsNode >= 0) &+ one(sendDateNode >= 0) &+ one(inboxDateNode >= 0)
            &+ one(inboxDaysNode >= 0) &+ one(categoryNode >= 0)
    }
    var platforms: JSONValue? { value(atNode: platformsNode) }
    var sendDate: JSONValue? { value(atNode: sendDateNode) }
    var inboxDate: JSONValue? { value(atNode: inboxDateNode) }
    var inboxDays: JSONValue? { value(atNode: inboxDaysNode) }
    var category: JSONValue? { value(atNode: categoryNode) }
    var rootParams: JSONValue? { value(atNode: rootParamsNode) }

    @inline(__always)
    private func value(atNode node: Int32) -> JSONValue? {
        node >= 0 ? document.value(at: Int(node)) : nil
    }

    /// See `Message.init`.
    init(source: String, value: JSONValue, shape: Shape, code: String? = nil, title: TextField? = nil,
         body: TextField? = nil, image: Message.Image? = nil, actionParams: ActionParams, platforms: JSONValue? = nil,
         sendDate: JSONValue? = nil, inboxDate: JSONValue? = nil, inboxDays: JSONValue? = nil,
         category: JSONValue? = nil, rootParams: JSONValue? = nil, isRead: Bool? = nil) {
        /// The node of a value of the message's document.
        func node(_ member: JSONValue?) -> Int? {
            guard let member else { return nil }
            precondition(member.sameDocument(as: value), "a message's values are read from its own document")
            return member.index
        }
        self.init(value: value, source: source, shape: shape, codeNode: nil, code: code, title: title, body: body,
                  imageNode: node(image?.value), imageOrigin: image?.origin ?? .image, actionParams: actionParams,
                  platformsNode: node(platforms), sendDateNode: node(sendDate), inboxDateNode: node(inboxDate),
                  inboxDaysNode: node(inboxDays), categoryNode: node(category), rootParamsNode: node(rootParams),
                  isRead: isRead)
    }

    /// The normaliser's: the code is the string at `code` (a value of `value`'s document)
    /// when it is one, read when asked.
    init(source: String, value: JSONValue, shape: Shape, code: JSONValue?, title: TextField?, body: TextField?,
         image: Message.Image?, actionParams: ActionParams, sendDate: JSONValue? = nil, category: JSONValue? = nil,
         rootParams: JSONValue? = nil, isRead: Bool? = nil) {
        func node(_ member: JSONValue?) -> Int? {
            guard let member else { return nil }
            precondition(member.sameDocument(as: value), "a message's values are read from its own document")
            return member.index
        }
        self.init(value: value, source: source, shape: shape, codeNode: code?.kind == .string ? node(code) : nil,
                  code: nil, title: title, body: body, imageNode: node(image?.value),
                  imageOrigin: image?.origin ?? .image, actionParams: actionParams, platformsNode: nil,
                  sendDateNode: node(sendDate), inboxDateNode: nil, inboxDaysNode: nil, categoryNode: node(category),
                  rootParamsNode: node(rootParams), isRead: isRead)
    }

    /// A notification's fields, given by node index in `value`'s document (nil when
    /// absent): the normaliser finds them all in one pass, and making a `JSONValue` of
    /// each only to store its index retained and released the document every time.
    @inline(__always)
    init(notification value: JSONValue, source: String, title: TextField?, body: TextField?, imageNode: Int?,
         actionParams: ActionParams, platformsNode: Int?, sendDateNode: Int?, inboxDateNode: Int?,
         inboxDaysNode: Int?, categoryNode: Int?, rootParamsNode: Int?) {
        self.init(value: value, source: source, shape: .notification, codeNode: nil, code: nil, title: title, body: body,
                  imageNode: imageNode, imageOrigin: .inboxImage, actionParams: actionParams,
                  platformsNode: platformsNode, sendDateNode: sendDateNode, inboxDateNode: inboxDateNode,
                  inboxDaysNode: inboxDaysNode, categoryNode: categoryNode, rootParamsNode: rootParamsNode,
                  isRead: nil)
    }

    /// Every field, the values by node index in `value`'s document (nil when absent).
    @inline(__always)
    private init(value: JSONValue, source: String, shape: Shape, codeNode: Int?, code: String?, title: TextField?,
                 body: TextField?, imageNode: Int?, imageOrigin: Message.ImageOrigin, actionParams: ActionParams,
                 platformsNode: Int?, sendDateNode: Int?, inboxDateNode: Int?, inboxDaysNode: Int?, categoryNode: Int?,
                 rootParamsNode: Int?, isRead: Bool?) {
        func node(_ index: Int?) -> Int32 { index.map { Int32(truncatingIfNeeded: $0) } ?? -1 }
        self.source = source
        self.document = value.handle
        let ownDocument = actionParams.keepsDocument(of: value) ? nil : value.document
        owned = ownDocument != nil || code != nil ? OwnedParts(ownDocument: ownDocument, code: code) : nil
        self.title = title
        self.body = body
        self.valueNode = Int32(truncatingIfNeeded: value.index)
        self.shape = shape
        self.codeNode = node(codeNode)
        self.imageNode = node(imageNode)
        self.imageOrigin = imageOrigin
        self.actionParams = actionParams
        self.platformsNode = node(platformsNode)
        self.sendDateNode = node(sendDateNode)
        self.inboxDateNode = node(inboxDateNode)
        self.inboxDaysNode = node(inboxDaysNode)
        self.categoryNode = node(categoryNode)
        self.rootParamsNode = node(rootParamsNode)
        self.isRead = isRead
    }
}

/// The objects that own every document a message's values borrow (see "Ownership" on
/// `JSONValue`): the document the message was read from and those its action params
/// hold, with the custom data parsed from strings (a nested document keeps the one it
/// came from).
/// A result read from a message (its resolution, story or itemised size) keeps these, so
/// it stays valid for as long as it is kept, whoever else lets the message go; it cannot
/// keep the message itself, which holds those results (`InspectedMessage`).
///
/// One reference, retained when a result is built and released when it goes: the
/// innermost document of the message for nearly every message (see `MessageFields.owners`),
/// a box of them all otherwise. Four references (the message's document apart, the action
/// params' document, its `u` document, its owned box), most of them nil, were retained and
/// released one by one.
struct DocumentOwners: @unchecked Sendable { // @unchecked: references to immutable documents only
    /// A `JSONDocument` or a `Box`, both immutable and `Sendable`.
    let keeper: AnyObject?

    /// Every owner, when one document does not keep the others.
    final class Box: Sendable {
        /// The message's document when `actionParams` does not keep it (see
        /// `MessageFields.ownDocument`).
        let document: JSONDocument?
        let actionParams: ActionParams.Owners

        init(document: JSONDocument?, actionParams: ActionParams.Owners) {
            self.document = document
            self.actionParams = actionParams
        }
    }
}
