import InboxCore

/// One inline button as the SDK decodes it (BEHAVIOUR §6), with the JSON it came from so
/// findings point at the right member.
public struct Button: Equatable, Sendable {
    /// How the action was decided, in the priority order of BEHAVIOUR §6.
    public enum Decision: String, Sendable {
        /// Step 1: an `action` token this release knows.
        case token
        /// Step 2: a usable `url`.
        case url
        /// Step 3: nothing else applied, so the button is custom.
        case fallback
    }

    public var action: ButtonAction
    public var decision: Decision
    /// The button object.
    public var source: JSONValue
    /// Nodes of the `title` (a non-empty string), `action` and `url` members (-1 when
    /// absent): the button keeps one document reference and decodes strings on demand.
    let titleNode: Int32
    let actionNode: Int32
    let urlNode: Int32
    /// `SchemeMark.reading(url)`, read once while decoding: the mark decides a 7.1 button's
    /// action, and both go to its URL site.
    let urlScheme: SchemeMark
    let urlIsTakenAsWritten: Bool

    init(source: JSONValue, titleNode: Int32, actionNode: Int32, urlNode: Int32,
         urlReading: SchemeMark.Reading, action: ButtonAction, decision: Decision) {
        self.source = source
        self.titleNode = titleNode
        self.actionNode = actionNode
        self.urlNode = urlNode
        self.urlScheme = urlReading.mark
        self.urlIsTakenAsWritten = urlReading.isAsWritten
        self.action = action
        self.decision = decision
    }

    public var title: String { source.value(atNode: titleNode)?.string ?? "" }
    /// Its `action` member, when present (whatever its type).
    public var actionValue: JSONValue? { source.value(atNode: actionNode) }
    /// Its `url` member, when present (whatever its type).
    public var urlValue: JSONValue? { source.value(atNode: urlNode) }

    /// Equal when the phone shows and does the same: title and action.
    public static func == (lhs: Button, rhs: Button) -> Bool {
        lhs.title == rhs.title && lhs.action == rhs.action
    }

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
