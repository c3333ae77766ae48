/// A piece of input quoted in a message (a config key, an option's value, a command
/// name): at most a line's worth, so a hostile 35 MB key cannot flood a terminal or a log.
public enum Excerpt {
    /// Characters quoted at most.
    public static let limit = 60

    /// `text` when short; else its first characters, an ellipsis and its length.
    public static func of(_ text: String, limit: Int = Excerpt.limit) -> String {
        guard text.utf8.count > limit else { return text }
        let count = text.unicodeScalars.count
        guard count > limit else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit - 1))) + "… (\(count) characters)"
    }
}
