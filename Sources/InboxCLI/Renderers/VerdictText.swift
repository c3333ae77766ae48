import InboxModel

/// The verdict line every message of `resolve` and `buttons` starts with: does it reach an
/// iPhone's inbox, which card, and every reason it is not the card asked for. Only words
/// what `DeliveryVerdict` decided.
struct VerdictText {
    var style: Style
    var glyphs: CardGlyphs

    func lines(_ verdict: DeliveryVerdict, chosenBySDK: Bool) -> [String] {
        let card = verdict.card.rawValue
        let head: String
        if !verdict.shows {
            head = style.red(glyphs.no + " never in the inbox on iPhones")
        } else if verdict.reasons.isEmpty {
            let how = chosenBySDK ? " (chosen by the SDK)" : ""
            head = style.green(glyphs.yes + " in the inbox on iPhones") + ": \(card) card\(how)"
        } else if let intended = verdict.intended, intended != verdict.card {
            head = style.red(glyphs.no + " in the inbox on iPhones, as a \(card) card, not \(intended.rawValue)")
        } else {
            head = style.red(glyphs.no + " in the inbox on iPhones, as a \(card) card with a problem")
        }
        guard !verdict.reasons.isEmpty else { return ["  " + head] }
        let plainHead = CardPreview.plain(head)
        let text = plainHead + ": " + verdict.reasons.joined(separator: "; ")
        var wrapped = TerminalText.wrap(text, width: 76)
        guard !wrapped.isEmpty else { return ["  " + head] }
        // The head keeps its colour; what follows it on the first line is plain.
        if wrapped[0].hasPrefix(plainHead) { wrapped[0] = head + wrapped[0].dropFirst(plainHead.count) }
        return wrapped.enumerated().map { index, line in (index == 0 ? "  " : "    ") + line }
    }
}
