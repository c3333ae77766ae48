/// Which language of a localised title and body a message is shown in, and whether it is
/// the one asked for (`--lang`): a language the payload lacks falls back to `en`, else
/// the first (BEHAVIOUR §2), which the outputs then say instead of showing it silently.
public struct LanguageChoice: Equatable, Sendable {
    /// The language shown; nil when neither the title nor the body is localised.
    public var shown: String?
    /// `--lang`, when it was given.
    public var requested: String?

    /// `--lang` was given, the payload is localised, and it has not that language.
    public var requestedMissing: Bool {
        guard let requested, let shown else { return false }
        return requested != shown
    }

    public init(_ message: Message, requested: String?) {
        self.requested = requested
        shown = message.title?.language ?? message.body?.language
    }
}
