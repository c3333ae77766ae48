import InboxCore

/// The four actions of an inline button (`PushwooshInboxButtonAction`); the raw value is
/// the contract's spelling.
public enum ButtonActionKind: String, CaseIterable, Sendable {
    case openURL, dismiss, markRead, custom
}

/// What tapping a button does, with the data the action carries.
public enum ButtonAction: Equatable, Sendable {
    case openURL(ButtonURL)
    case dismiss
    case markRead
    /// Handed to the app's delegate with the button object minus `title` and `action`.
    case custom(CustomPayload)

    public var kind: ButtonActionKind {
        switch self {
        case .openURL: return .openURL
        case .dismiss: return .dismiss
        case .markRead: return .markRead
        case .custom: return .custom
        }
    }
}

/// The URL an open-URL button opens: its `url` string, decoded only when asked.
///
/// Holding the JSON string rather than a `String` keeps `Button` a plain value, as every
/// button of every message is decoded; rules and renderers that show the URL decode it.
public struct ButtonURL: Equatable, Sendable, CustomStringConvertible {
    /// The `url` member, a string the button's release accepts.
    let value: JSONValue

    init(_ value: JSONValue) {
        self.value = value
    }

    /// The URL as the SDK opens it.
    public var string: String { value.string ?? "" }

    public var description: String { string }

    /// Equal when the URLs are equal as Strings.
    public static func == (lhs: ButtonURL, rhs: ButtonURL) -> Bool { lhs.string == rhs.string }
}

/// The payload of a custom button: every member of the button object except `title`
/// and `action`, in source order (a duplicated key appears once, with its last value,
/// as in the dictionary iOS builds).
///
/// Holds the button object and lists the members only when asked (the `buttons` command,
/// IK206's comparison): whether it is empty is answered from the key nodes, so a custom
/// button of `validate` decodes no key.
public struct CustomPayload: Equatable, Sendable {
    /// The button object.
    let button: JSONValue
    /// Whether no member other than `title` and `action` is there.
    public let isEmpty: Bool

    init(button: JSONValue) {
        self.init(button: button, keys: button.kind == .object ? ButtonList.buttonKeys.nodes(of: button) : nil)
    }

    /// The payload of a button whose keys the decoding looked up already (`ButtonList.buttonKeys`):
    /// nil when the button is not an object.
    init(button: JSONValue, keys: ShortMembers?) {
        self.button = button
        isEmpty = keys.map { !$0.hasOtherKeys && $0.node(2) == nil } ?? true
    }

    public var members: [(key: String, value: JSONValue)] {
        guard button.node.flags & NodeFlag.hasDuplicateKeys == 0 else {
            return button.keys.filter { $0 != "title" && $0 != "action" }.compactMap { key in
                button[key].map { (key: key, value: $0) }
            }
        }
        // Without a repeated key every member is its own entry: one walk, no lookups.
        return button.members.filter { $0.key != "title" && $0.key != "action" }
    }

    /// Same keys in the same order with the same JSON values.
    public static func == (lhs: CustomPayload, rhs: CustomPayload) -> Bool {
        let left = lhs.members
        let right = rhs.members
        return left.count == right.count
            && zip(left, right).allSatisfy { $0.key == $1.key && $0.value.compactJSON == $1.value.compactJSON }
    }
}
