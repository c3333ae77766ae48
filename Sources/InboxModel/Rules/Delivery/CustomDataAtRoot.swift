import InboxCore

/// IK107: a custom-data key placed next to `content` instead of inside `data`.
public struct CustomDataAtRoot: MessageRule {
    public init() {}
    /// It looks only at a top level that may have a custom-data key (among other rare keys).
    public static let scope = MessageScope.rareKeys
    /// The fields the SDK looks up in custom data (BEHAVIOUR §3).
    public static let customKeys = ["displayType", "buttons", "carousel", "video", "wallet", "pinned", "image"]
    /// `customKeys` as the fields `CustomDataIndex` finds in one pass over the members.
    private static let customFields = customKeys.compactMap(CustomDataField.init(rawValue:))

    public let description = RuleDescription(
        code: "IK107", severity: .error, title: "Custom-data key at the notification root",
        explanation: """
            The SDK reads `displayType`, `buttons`, `carousel`, `video`, `wallet`, `pinned` and \
            `image` from the custom data of a message: inside `data` of a createMessage \
            notification (delivered as `u`), or inside `action_params` of an inbox message. \
            Placed at the notification's top level, next to `content`, they are never delivered \
            to the phone: the card falls back to the default layout, buttons and pinning are \
            lost. Move them into `data`. (`ios_root_params` keys are delivered, so they are \
            not reported; an inbox message's own `image` is its picture, not custom data.)
            """,
        triggers: [RuleExample(#"{"ios_title": "New looks", "content": "Swipe", "inbox_days": 7, "displayType": "carousel", "data": {}}"#)],
        passes: [RuleExample(#"{"ios_title": "New looks", "content": "Swipe", "inbox_days": 7, "data": {"displayType": "carousel"}}"#)],
        fix: RuleFix(.safe, """
            Moves the key into `data` (`action_params` for an inbox message): into the object, into \
            the JSON held in a `data` string, or into a new `data` object. Not when `data` has the key already.
            """,
            before: RuleExample(#"{"ios_title": "New looks", "content": "Swipe", "inbox_days": 7, "displayType": "classic", "data": "{\"pinned\": true}"}"#),
            after: #"{"ios_title": "New looks", "content": "Swipe", "inbox_days": 7, "data": "{\"pinned\": true, \"displayType\": \"classic\"}"}"#))

    public func check(message: InspectedMessage, into report: inout Report) {
        // The fields are read where they are: binding `message.message` would copy (retain)
        // every field of the message for each one.
        let shape = message.message.shape
        let container: String
        switch shape {
        case .notification, .request: container = "data"
        case .inbox: container = "action_params"
        case .push, .message: return // their root is custom data already
        }
        let object = message.message.value
        // Nearly no top level has such a key: its key lengths and first letters tell that
        // before the index is built.
        guard Self.customKeyPretest.mayHaveMember(object) else { return }
        let found = CustomDataIndex.fields(of: object)
        guard found.hasRootFields else { return }
        for position in Self.customFields.indices {
            guard let node = found.node(Self.customFields[position], at: .root) else { continue }
            let value = object.sibling(node)
            if shape == .inbox && position == Self.imagePosition { continue }
            report.add(description, at: value, """
                \(Self.customKeys[position]) is at the top level of the message, where the SDK never sees it: \
                move it inside \(container)
                """, fix: Self.move(value, named: Self.customKeys[position], into: container, of: object))
        }
    }

    /// The member `value` (named `key`) moved from `root` into its member `container`: an
    /// object, a string holding a JSON object, or absent (then made). Nil when the container
    /// has the key already or is of another kind.
    static func move(_ value: JSONValue, named key: String, into container: String, of root: JSONValue) -> Fix? {
        var edits = JSONEdits()
        edits.remove(value)
        let json = value.sourceText
        guard let target = root[container] else {
            edits.insert(key: container, json: "{" + JSONText.quote(key) + ": " + json + "}", into: root)
            return edits.fix(.safe)
        }
        switch target.kind {
        case .object:
            guard target[key] == nil else { return nil }
            edits.insert(key: key, json: json, into: target)
            return edits.fix(.safe)
        case .string:
            guard case .success(let nested)? = target.parseNested(), nested.root.kind == .object,
                  nested.root[key] == nil else { return nil }
            return withExtendedLifetime(nested) {
                edits.insert(key: key, json: json, into: nested.root)
                return edits.fix(.safe)
            }
        default:
            return nil
        }
    }

    /// `customKeys` by length and first letter, for the test every message takes.
    static let customKeyPretest = MemberNamePretest(customKeys)

    /// Whether the check may find anything (`MessageScope.rareKeys`): the shape's top level
    /// is not custom data already, and its key lengths and first letters allow a
    /// custom-data key. Read in place: binding the message copies its fields.
    @inline(__always)
    static func mayFind(in message: InspectedMessage) -> Bool {
        switch message.message.shape {
        case .notification, .request:
            // Nearly every notification has only keys it is read from: counted from what
            // the reader found, they tell that before its keys are walked again.
            if message.message.value.count == readKeyCount(message) { return false }
            return customKeyPretest.mayHaveMember(message.message.value)
        case .inbox: return customKeyPretest.mayHaveMember(message.message.value)
        case .push, .message: return false
        }
    }

    /// How many of the keys a notification (or request) is read from its top level has
    /// (`Normaliser.notification`): each field found is the value of a member of that
    /// name, none of them a custom-data key. When they are as many as the members, every
    /// member is one of them (a key given twice makes the members more, and the names
    /// are then walked). A field read as absent only makes the count smaller, which
    /// walks the names too. Read in place: binding the fields copies them.
    @inline(__always)
    private static func readKeyCount(_ message: InspectedMessage) -> Int {
        var count = 0
        if case .some = message.fields.rootParams { count &+= 1 }
        if case .some = message.fields.actionParams.u { count &+= 1 }
        if case .some = message.fields.title?.value.index { count &+= 1 }
        if case .some = message.fields.body?.value.index { count &+= 1 }
        if case .some = message.fields.image?.value.index { count &+= 1 }
        if case .some = message.fields.platforms { count &+= 1 }
        if case .some = message.fields.sendDate { count &+= 1 }
        if case .some = message.fields.inboxDate { count &+= 1 }
        if case .some = message.fields.inboxDays { count &+= 1 }
        if case .some = message.fields.category { count &+= 1 }
        return count
    }

    /// Where `image` is in `customKeys`: an inbox message's own image is not custom data.
    private static let imagePosition = customKeys.firstIndex(of: "image") ?? -1
}
