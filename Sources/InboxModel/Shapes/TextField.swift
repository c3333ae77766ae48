/// A text field of a message (title or body) with the value it came from, so findings
/// about it point at the right place. Localised objects (`{"en": "...", "de": "..."}`)
/// are resolved to one language and keep the others for `validate`.
public struct TextField: Sendable {
    /// The text the card shows; nil when the field is absent or not a string.
    public var text: String?
    /// The value the text was read from (the chosen language's string when localised).
    public var value: JSONValue
    /// The chosen language when the field is localised.
    public var language: String?
    /// Every language of a localised field, in source order.
    public var localizations: [(language: String, value: JSONValue)]

    /// Non-empty text, as the layout heuristics count it.
    public var nonEmpty: String? { (text?.isEmpty ?? true) ? nil : text }

    /// Reads a plain string or a localised object. `preferred` is `--lang`; without it
    /// `en` when present, else the first key (SPEC §2).
    public static func read(_ value: JSONValue?, preferred: String?) -> TextField? {
        guard let value else { return nil }
        guard value.kind == .object else {
            return TextField(text: value.string, value: value, language: nil, localizations: [])
        }
        let members = value.members
        let chosen = preferred.flatMap { lang in members.last { $0.key == lang } }
            ?? members.last { $0.key == "en" }
            ?? members.first
        let localizations = members.map { (language: $0.key, value: $0.value) }
        guard let chosen else { return TextField(text: nil, value: value, language: nil, localizations: []) }
        return TextField(text: chosen.value.string, value: chosen.value, language: chosen.key,
                         localizations: localizations)
    }
}
