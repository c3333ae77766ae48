import InboxCore

/// Turns one recognised object into a `Message` (BEHAVIOUR §2, "what becomes the message").
public struct Normaliser: Sendable {
    public var source: String
    public var language: String?

    public init(source: String, language: String?) {
        self.source = source
        self.language = language
    }

    public func message(from value: JSONValue, shape: Shape) -> Message {
        Message(fields: fields(from: value, shape: shape))
    }

    /// What `message(from:shape:)` holds.
    func fields(from value: JSONValue, shape: Shape) -> MessageFields {
        Self.fields(from: value, shape: shape, source: source, language: language)
    }

    /// The same, for the inspector to build an `InspectedMessage` (the message and its
    /// analyses in one object) from. Static, with the source name and language passed
    /// borrowed: a normaliser made per document copied both (a retain and a release of
    /// the source name's storage per document), and the fields take their own copy anyway.
    /// - Parameter members: `NotificationKeys.members(of: value)` when the caller read them
    ///   already (shape detection does).
    static func fields(from value: JSONValue, shape: Shape, source: String, language: String?,
                       members: MemberValues? = nil) -> MessageFields {
        switch shape {
        case .notification, .request:
            return notification(members ?? NotificationKeys.members(of: value), of: value, source: source, language: language)
        case .push: return push(value, source: source, language: language)
        case .inbox: return inbox(value, source: source, language: language)
        case .message: return sdkMessage(value, source: source, language: language)
        }
    }

    private static func image(_ value: JSONValue?, _ origin: Message.ImageOrigin) -> Message.Image? {
        guard let value else { return nil }
        return Message.Image(value: value, origin: origin)
    }

    private static func object(_ value: JSONValue?) -> JSONValue? {
        value?.kind == .object ? value : nil
    }

    /// title = `ios_title`; body = `content`; image = `inbox_image`; actionParams =
    /// `{"u": data}` plus the keys of `ios_root_params` except `aps`.
    @inline(__always)
    static func notification(_ field: MemberValues, of value: JSONValue, source: String, language: String?) -> MessageFields {
        let params = ActionParams(root: object(field[.iosRootParams]), hidden: .aps, u: .some(field[.data]))
        return MessageFields(notification: value, source: source,
                             title: TextField.read(field[.iosTitle], preferred: language),
                             body: TextField.read(field[.content], preferred: language), imageNode: field.node(.inboxImage),
                             actionParams: params, platformsNode: field.node(.platforms),
                             sendDateNode: field.node(.sendDate), inboxDateNode: field.node(.inboxDate),
                             inboxDaysNode: field.node(.inboxDays), categoryNode: field.node(.iosCategoryCustom),
                             rootParamsNode: field.node(.iosRootParams))
    }

    /// title/body = `aps.alert.title`/`aps.alert.body` (or body = `aps.alert` when it is a
    /// string); image = `inbox_params.image`; actionParams = the whole dictionary.
    static func push(_ value: JSONValue, source: String, language: String?) -> MessageFields {
        let aps = object(value["aps"])
        var title: TextField?
        var body: TextField?
        if let alert = aps?["alert"] {
            if alert.kind == .string {
                body = TextField.read(alert, preferred: language)
            } else if alert.kind == .object {
                title = TextField.read(alert["title"], preferred: language)
                body = TextField.read(alert["body"], preferred: language)
            }
        }
        return MessageFields(source: source, value: value, shape: .push, code: value["p"], title: title, body: body,
                       image: image(object(value["inbox_params"])?["image"], .inboxParams),
                       actionParams: ActionParams(root: value), category: aps?["category"], rootParams: value)
    }

    /// title = `title`; body = `text`; image = `image`; actionParams = `action_params`
    /// (a JSON string on the wire; an object is accepted).
    static func inbox(_ value: JSONValue, source: String, language: String?) -> MessageFields {
        let raw = value["action_params"]
        var params = ActionParams(root: nil)
        if let raw {
            switch raw.kind {
            case .object:
                params = ActionParams(root: raw)
            case .string:
                switch raw.parseNested() {
                case .success(let document)?: params = ActionParams(parsed: document)
                case .failure(let issue)?: params = ActionParams(root: nil, rootProblem: issue)
                case nil: break
                }
            default: break
            }
        }
        return MessageFields(source: source, value: value, shape: .inbox, code: value["inbox_id"],
                       title: TextField.read(value["title"], preferred: language),
                       body: TextField.read(value["text"], preferred: language),
                       image: image(value["image"], .image), actionParams: params, sendDate: value["send_date"],
                       isRead: value["status"]?.number.map { $0 != 1 })
    }

    /// The SDK's own view: taken as is.
    static func sdkMessage(_ value: JSONValue, source: String, language: String?) -> MessageFields {
        let raw = value["actionParams"]
        var params = ActionParams(root: raw)
        if let raw, raw.kind == .string {
            switch raw.parseNested() {
            case .success(let document)?: params = ActionParams(parsed: document)
            case .failure(let issue)?: params = ActionParams(root: nil, rootProblem: issue)
            case nil: break
            }
        }
        return MessageFields(source: source, value: value, shape: .message, code: value["code"],
                       title: TextField.read(value["title"], preferred: language),
                       body: TextField.read(value["message"], preferred: language),
                       image: image(value["imageUrl"], .imageUrl), actionParams: params, sendDate: value["sendDate"],
                       isRead: value["isRead"]?.bool)
    }
}
