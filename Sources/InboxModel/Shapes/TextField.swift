/// A text field of a message (title or body) with the value it came from, so findings
/// about it point at the right place. Localised objects (`{"en": "...", "de": "..."}`)
/// are resolved to one language and keep the others for `validate`.
public struct TextField: Sendable {
    /// The value the text was read from (the chosen language's string when localised).
    public var value: JSONValue
    /// `language` and `localizations`; nil for a plain string, nearly every field. Boxed,
    /// as an optional string and an empty list were written, copied and released for
    /// every title and body (a release each when a message went); a nil reference is one.
    private var localised: Localised?

    /// The chosen language when the field is localised.
    public var language: String? {
        get { localised?.language }
        set { localised = Localised.make(language: newValue, localizations: localizations) }
    }

    /// Whether the field was read from a localised object (it then has a `language` or
    /// `localizations`); asked without building the list.
    var isLocalised: Bool { localised != nil }

    /// Every language of a localised field, in source order.
    public var localizations: [(language: String, value: JSONValue)] {
        get { localised?.localizations ?? [] }
        set { localised = Localised.make(language: language, localizations: newValue) }
    }

    public init(value: JSONValue, language: String? = nil, localizations: [(language: String, value: JSONValue)] = []) {
        self.value = value
        localised = Localised.make(language: language, localizations: localizations)
    }

    /// See `localised`. Immutable: a change makes a new box, so copies stay independent.
    private final class Localised: @unchecked Sendable {
        let language: String?
        let localizations: [(language: String, value: JSONValue)]

        private init(language: String?, localizations: [(language: String, value: JSONValue)]) {
            self.language = language
            self.localizations = localizations
        }

        /// A box for the values, or nil when there is nothing to hold.
        static func make(language: String?, localizations: [(language: String, value: JSONValue)]) -> Localised? {
            if language == nil && localizations.isEmpty { return nil }
            return Localised(language: language, localizations: localizations)
        }
    }

    /// The text the card shows; nil when the field is absent or not a string. Decoded
    /// when asked: the checks of every message only need to know whether there is text
    /// (`hasText`) or how long it is, and texts are usually too long for an inline String.
    public var text: String? { value.string }

    /// Non-empty text, as the layout heuristics count it.
    public var nonEmpty: String? { hasText ? text : nil }

    /// Whether `nonEmpty` is not nil, without decoding the text.
    public var hasText: Bool { value.isNonEmptyString }

    /// A field read from a value that is not a localised object: nothing to box.
    @inline(__always)
    private init(plain value: JSONValue) {
        self.value = value
        localised = nil
    }

    /// Reads a plain string or a localised object. `preferred` is `--lang`; without it
    /// `en` when present, else the first key (SPEC §2). Inlined: every message reads a
    /// title and a body, nearly always plain strings, which need neither a call nor the
    /// public initialiser's empty list of localisations.
    @inline(__always)
    public static func read(_ value: JSONValue?, preferred: String?) -> TextField? {
        guard let value else { return nil }
        guard value.kind == .object else { return TextField(plain: value) }
        return readLocalised(value, preferred: preferred)
    }

    /// `read` of a localised object (`{"en": "...", "de": "..."}`).
    @inline(never)
    private static func readLocalised(_ value: JSONValue, preferred: String?) -> TextField {
        let members = value.members
        let chosen = preferred.flatMap { lang in members.last { $0.key == lang } }
            ?? members.last { $0.key == "en" }
            ?? members.first
        let localizations = members.map { (language: $0.key, value: $0.value) }
        // An empty object: no text (the object itself is the value findings point at).
        guard let chosen else { return TextField(value: value) }
        return TextField(value: chosen.value, language: chosen.key, localizations: localizations)
    }
}
