import InboxCore

/// IK107: a custom-data key placed next to `content` instead of inside `data`.
public struct CustomDataAtRoot: MessageRule {
    public init() {}
    /// It looks only at a top level that may have a custom-data key.
    public static let needs: MessageFacts = [.customKeyAtTopLevel]
    /// The fields the SDK looks up in custom data.
    public static let customKeys = Message.customDataKeys
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
        let shape = message.shape
        guard let container = shape.customDataContainer else { return } // the root is custom data already
        let object = message.value
        guard message.mayHaveCustomKeyAtTopLevel else { return }
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

    /// Where `image` is in `customKeys`: an inbox message's own image is not custom data.
    private static let imagePosition = customKeys.firstIndex(of: "image") ?? -1
}
