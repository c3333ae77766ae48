import InboxCore

/// A text field of a message (title or body) with the value it came from, so findings
/// about it point at the right place. Localised objects (`{"en": "...", "de": "..."}`)
/// are resolved to one language and keep the others for `validate`.
public struct TextField: Sendable {
    /// The value the text was read from (the chosen language's string when localised).
    public private(set) var value: JSONValue
    /// Whether `value` was chosen among the members of a localised object (its parent in
    /// the document): the field then has a `language` (the member's key) and
    /// `localizations` (the object's members), both read from the document when asked.
    ///
    /// A flag rather than a box of the language and the list: a text field holds no
    /// reference, so a message's title and body, and every copy of them the analyses and
    /// rules make, are plain values with nothing to retain or release (a nil box was
    /// released with every copy of every title and body).
    let isLocalised: Bool

    /// The chosen language when the field is localised.
    public var language: String? {
        guard isLocalised else { return nil }
        // The member's key is the node just before its value (see `TapeNode`).
        let key = value.nodes[value.index - 1]
        return Tape.string(key, value.inputBytes)
    }

    /// Every language of a localised field, in source order.
    public var localizations: [(language: String, value: JSONValue)] {
        guard isLocalised, let object = value.parent else { return [] }
        return object.members.map { (language: $0.key, value: $0.value) }
    }

    /// A field read from a plain value (a string, or anything that is not a localised object).
    public init(value: JSONValue) {
        self.value = value
        isLocalised = false
    }

    /// A field read from a value that is not a localised object (inlined into `read`).
    @inline(__always)
    init(plainValue value: JSONValue) {
        self.value = value
        isLocalised = false
    }

    /// The member chosen among those of a localised object.
    private init(chosen value: JSONValue) {
        self.value = value
        isLocalised = true
    }

    /// The text the card shows; nil when the field is absent or not a string. Decoded
    /// when asked: the checks of every message only need to know whether there is text
    /// (`hasText`) or how long it is, and texts are usually too long for an inline String.
    public var text: String? { value.string }

    /// Non-empty text, as the layout heuristics count it.
    public var nonEmpty: String? { hasText ? text : nil }

    /// Whether `nonEmpty` is not nil, without decoding the text.
    public var hasText: Bool { value.isNonEmptyString }

    /// Reads a plain string or a localised object. `preferred` is `--lang`; without it
    /// `en` when present, else the first key (BEHAVIOUR §2). Inlined: every message reads a
    /// title and a body, nearly always plain strings, which need no call.
    @inline(__always)
    public static func read(_ value: JSONValue?, preferred: String?) -> TextField? {
        guard let value else { return nil }
        guard value.kind == .object else { return TextField(plainValue: value) }
        return readLocalised(value, preferred: preferred)
    }

    /// `read` of a localised object (`{"en": "...", "de": "..."}`).
    @inline(never)
    private static func readLocalised(_ value: JSONValue, preferred: String?) -> TextField {
        let members = value.members
        let chosen = preferred.flatMap { lang in members.last { $0.key == lang } }
            ?? members.last { $0.key == "en" }
            ?? members.first
        // An empty object: no text (the object itself is the value findings point at).
        guard let chosen else { return TextField(value: value) }
        return TextField(chosen: chosen.value)
    }
}
