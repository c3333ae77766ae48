/// The four actions of an inline button (`PushwooshInboxButtonAction`); the raw value is
/// the contract's spelling.
public enum ButtonActionKind: String, CaseIterable, Sendable {
    case openURL, dismiss, markRead, custom
}

/// What tapping a button does, with the data the action carries.
public enum ButtonAction: Equatable, Sendable {
    case openURL(String)
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

/// The payload of a custom button: every member of the button object except `title`
/// and `action`, in source order (a duplicated key appears once, with its last value,
/// as in the dictionary iOS builds).
public struct CustomPayload: Equatable, Sendable {
    public var members: [(key: String, value: JSONValue)]

    public var isEmpty: Bool { members.isEmpty }

    init(button: JSONValue) {
        guard button.node.flags & NodeFlag.hasDuplicateKeys == 0 else {
            members = button.keys.filter { $0 != "title" && $0 != "action" }.compactMap { key in
                button[key].map { (key: key, value: $0) }
            }
            return
        }
        // Without a repeated key every member is its own entry: one walk, no lookups.
        members = button.members.filter { $0.key != "title" && $0.key != "action" }
    }

    /// Same keys in the same order with the same JSON values.
    public static func == (lhs: CustomPayload, rhs: CustomPayload) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value.compactJSON == $1.value.compactJSON }
    }
}
