import InboxModel
import InboxCore

/// The characters the card preview is drawn with: box drawing and symbols on a UTF-8
/// terminal, plain ASCII elsewhere.
///
/// The choice follows the locale: the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set
/// decides, and it is UTF-8 when it contains "UTF-8" or "utf8" (any case). When none is
/// set (as under CI and in the golden tests) the preview is UTF-8: every current
/// terminal shows it, and an unset locale is more often a bare environment than a
/// legacy terminal.
struct CardGlyphs {
    var cardCorners: (String, String, String, String)
    var frameCorners: (String, String, String, String)
    var avatarCorners: (String, String, String, String)
    var horizontal: String
    var vertical: String
    var image: String
    var play: String
    var arrow: String
    var ellipsis: String
    var dash: String
    var pageOn: String
    var pageOff: String
    var pin: String
    var openURL: String
    var markRead: String
    var dismiss: String
    var custom: String
    /// The verdict's marks: it shows as asked / it does not.
    var yes = "✓"
    var no = "✗"

    static let unicode = CardGlyphs(
        cardCorners: ("╭", "╮", "╰", "╯"), frameCorners: ("┌", "┐", "└", "┘"), avatarCorners: ("╭", "╮", "╰", "╯"),
        horizontal: "─", vertical: "│", image: "▨", play: "▶", arrow: "←", ellipsis: "…", dash: "—", pageOn: "●", pageOff: "○",
        pin: "⚑", openURL: "↗", markRead: "✓", dismiss: "✕", custom: "⚙")

    static let ascii = CardGlyphs(
        cardCorners: ("+", "+", "+", "+"), frameCorners: ("+", "+", "+", "+"), avatarCorners: ("+", "+", "+", "+"),
        horizontal: "-", vertical: "|", image: "#", play: ">", arrow: "<-", ellipsis: "...", dash: "-", pageOn: "*", pageOff: "o",
        pin: "*", openURL: "->", markRead: "v", dismiss: "x", custom: "*", yes: "ok", no: "!!")

    /// The glyphs for a terminal with this environment.
    static func forEnvironment(_ environment: Environment) -> CardGlyphs {
        isUTF8(environment) ? .unicode : .ascii
    }

    static func isUTF8(_ environment: Environment) -> Bool {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let lowered = value.lowercased()
            return lowered.firstRange(of: "utf-8") != nil || lowered.firstRange(of: "utf8") != nil
        }
        return true
    }

    /// The mark of a button's action: ↗ openURL, ✓ markRead, ✕ dismiss, ⚙ custom.
    func mark(_ action: ButtonActionKind) -> String {
        switch action {
        case .openURL: return openURL
        case .markRead: return markRead
        case .dismiss: return dismiss
        case .custom: return custom
        }
    }
}
