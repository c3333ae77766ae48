/// One inline button as the SDK decodes it (SPEC §6), with the JSON it came from so
/// findings point at the right member.
public struct Button: Equatable, Sendable {
    /// How the action was decided, in the priority order of SPEC §6.
    public enum Decision: String, Sendable {
        /// Step 1: an `action` token this release knows.
        case token
        /// Step 2: a usable `url`.
        case url
        /// Step 3: nothing else applied, so the button is custom.
        case fallback
    }

    public var title: String
    public var action: ButtonAction
    public var decision: Decision
    /// The button object.
    public var source: JSONValue
    /// Its `action` member, when present (whatever its type).
    public var actionValue: JSONValue?
    /// Its `url` member, when present (whatever its type).
    public var urlValue: JSONValue?

    /// Equal when the phone shows and does the same: title and action.
    public static func == (lhs: Button, rhs: Button) -> Bool {
        lhs.title == rhs.title && lhs.action == rhs.action
    }

    /// The `action` member as a lowercased string token, when it is a string.
    public var token: String? { actionValue?.string?.lowercased() }

    /// The `url` string, when it is one.
    public var url: String? { urlValue?.string }
}

/// A button element the SDK skips, and why (IK603).
public struct DroppedButton: Error, Sendable {
    public enum Reason: Equatable, Sendable {
        case notAnObject
        case noTitle
        case titleNotAString
        case emptyTitle
    }

    public var source: JSONValue
    public var reason: Reason
}
