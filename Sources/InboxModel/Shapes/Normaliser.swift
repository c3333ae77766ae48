/// Turns one recognised object into a `Message` (SPEC §2, "what becomes the message").
public struct Normaliser: Sendable {
    public var source: String
    public var language: String?

    public init(source: String, language: String?) {
        self.source = source
        self.language = language
    }

    public func message(from value: JSONValue, shape: Shape) -> Message {
        switch shape {
        case .notification, .request: return notification(value)
        case .push: return push(value)
        case .inbox: return inbox(value)
        case .message: return sdkMessage(value)
        }
    }

    private func empty(_ value: JSONValue, _ shape: Shape, _ actionParams: ActionParams) -> Message {
        Message(source: source, value: value, shape: shape, code: nil, title: nil, body: nil, image: nil,
                actionParams: actionParams, platforms: nil, sendDate: nil, inboxDate: nil, inboxDays: nil,
                category: nil, rootParams: nil, isRead: nil)
    }

    private func image(_ value: JSONValue?, _ origin: Message.ImageOrigin) -> Message.Image? {
        guard let value else { return nil }
        return Message.Image(url: value.string, value: value, origin: origin)
    }

    private func object(_ value: JSONValue?) -> JSONValue? {
        value?.kind == .object ? value : nil
    }

    /// title = `ios_title`; body = `content`; image = `inbox_image`; actionParams =
    /// `{"u": data}` plus the keys of `ios_root_params` except `aps`.
    func notification(_ value: JSONValue) -> Message {
        let rootParams = object(value["ios_root_params"])
        let params = ActionParams(root: rootParams, hiddenRootKeys: ["aps"], u: .some(value["data"]))
        var message = empty(value, .notification, params)
        message.title = TextField.read(value["ios_title"], preferred: language)
        message.body = TextField.read(value["content"], preferred: language)
        message.image = image(value["inbox_image"], .inboxImage)
        message.platforms = value["platforms"]
        message.sendDate = value["send_date"]
        message.inboxDate = value["inbox_date"]
        message.inboxDays = value["inbox_days"]
        message.category = value["ios_category_custom"]
        message.rootParams = value["ios_root_params"]
        return message
    }

    /// title/body = `aps.alert.title`/`aps.alert.body` (or body = `aps.alert` when it is a
    /// string); image = `inbox_params.image`; actionParams = the whole dictionary.
    func push(_ value: JSONValue) -> Message {
        var message = empty(value, .push, ActionParams(root: value))
        let aps = object(value["aps"])
        if let alert = aps?["alert"] {
            if alert.kind == .string {
                message.body = TextField.read(alert, preferred: language)
            } else if alert.kind == .object {
                message.title = TextField.read(alert["title"], preferred: language)
                message.body = TextField.read(alert["body"], preferred: language)
            }
        }
        message.image = image(object(value["inbox_params"])?["image"], .inboxParams)
        message.category = aps?["category"]
        message.rootParams = value
        message.code = value["p"]?.string
        return message
    }

    /// title = `title`; body = `text`; image = `image`; actionParams = `action_params`
    /// (a JSON string on the wire; an object is accepted).
    func inbox(_ value: JSONValue) -> Message {
        let raw = value["action_params"]
        var params = ActionParams(root: nil)
        if let raw {
            switch raw.kind {
            case .object:
                params = ActionParams(root: raw)
            case .string:
                switch raw.parseNested() {
                case .success(let document)?: params = ActionParams(root: document.root, rootWarnings: document.warnings)
                case .failure(let issue)?: params = ActionParams(root: nil, rootProblem: issue)
                case nil: break
                }
            default: break
            }
        }
        var message = empty(value, .inbox, params)
        message.code = value["inbox_id"]?.string
        message.title = TextField.read(value["title"], preferred: language)
        message.body = TextField.read(value["text"], preferred: language)
        message.image = image(value["image"], .image)
        message.sendDate = value["send_date"]
        if let status = value["status"]?.number { message.isRead = status != 1 }
        return message
    }

    /// The SDK's own view: taken as is.
    func sdkMessage(_ value: JSONValue) -> Message {
        let raw = value["actionParams"]
        var params = ActionParams(root: raw)
        if let raw, raw.kind == .string {
            switch raw.parseNested() {
            case .success(let document)?: params = ActionParams(root: document.root, rootWarnings: document.warnings)
            case .failure(let issue)?: params = ActionParams(root: nil, rootProblem: issue)
            case nil: break
            }
        }
        var message = empty(value, .message, params)
        message.code = value["code"]?.string
        message.title = TextField.read(value["title"], preferred: language)
        message.body = TextField.read(value["message"], preferred: language)
        message.image = image(value["imageUrl"], .imageUrl)
        message.sendDate = value["sendDate"]
        message.isRead = value["isRead"]?.bool
        return message
    }
}
