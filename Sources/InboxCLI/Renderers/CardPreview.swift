import InboxModel

/// A small box-drawn picture of a card as its layout draws it (BEHAVIOUR §8): banner an image,
/// captioned an image over title and body, classic an initial avatar beside them,
/// carousel slide frames with a page indicator, video a poster with a play badge, wallet
/// an Add to Apple Wallet button. The preview only draws; what is shown was decided by
/// the resolver.
struct CardPreview {
    var glyphs: CardGlyphs
    var style: Style
    /// Columns of the whole card, borders included.
    var width = 52
    var indent = "  "
    /// The image URL loads nothing (no scheme): its area is drawn empty, as on the phone.
    var imageAreaEmpty = false

    /// Columns between "│ " and " │".
    var inner: Int { width - 4 }

    func lines(_ message: Message, _ resolution: Resolution) -> [String] {
        var body: [String]
        switch resolution.layout {
        case .banner: return banner(resolution)
        case .captioned: body = captioned(message, resolution)
        case .classic: body = classic(message, resolution)
        case .carousel: body = carousel(message, resolution)
        case .video: body = video(message, resolution)
        case .wallet: body = wallet(message, resolution)
        }
        if resolution.buttonsRendered, !resolution.buttons.buttons.isEmpty {
            body.append("")
            body += ButtonsText(glyphs: glyphs, style: style).row(resolution.buttons.buttons, width: inner)
        }
        return [top()] + body.map(row) + [bottom()]
    }

    // MARK: layouts

    /// The whole card is the image.
    private func banner(_ resolution: Resolution) -> [String] {
        let label = imageLabel(resolution.image?.url, width: inner).map { Self.centred($0, in: inner) }
        return [top()] + (["", ""] + label + ["", ""]).map(row) + [bottom()]
    }

    private func captioned(_ message: Message, _ resolution: Resolution) -> [String] {
        frame([""] + imageLabel(resolution.image?.url, width: inner - 4) + [""], width: inner) + text(message, width: inner)
    }

    private func classic(_ message: Message, _ resolution: Resolution) -> [String] {
        let corners = glyphs.avatarCorners
        let initial = Self.initial(message.title?.nonEmpty ?? message.body?.nonEmpty)
        let avatar = [
            corners.0 + String(repeating: glyphs.horizontal, count: 3) + corners.1,
            glyphs.vertical + TerminalText.center(initial, in: 3) + glyphs.vertical,
            corners.2 + String(repeating: glyphs.horizontal, count: 3) + corners.3,
        ].map { style.dim($0) }
        var words = text(message, width: inner - 6)
        if words.isEmpty { words = [style.dim("(no title, no body)")] }
        while words.count < avatar.count { words.append("") }
        return words.enumerated().map { index, line in
            (index < avatar.count ? avatar[index] : "     ") + " " + line
        }
    }

    private func carousel(_ message: Message, _ resolution: Resolution) -> [String] {
        let slides = resolution.slides
        guard !slides.isEmpty else {
            return frame([style.dim("no slides")], width: inner) + text(message, width: inner)
        }
        let shown = Array(slides.prefix(3))
        let frameWidth = (inner - 2 * 2) / 3
        let frames = shown.map { slide -> [String] in
            let name = CardImageLabel.parts(ShownURL.text(slide.image)).name
            var caption = TerminalText.paragraph(slide.title ?? "", width: frameWidth - 2, maxLines: 2, ellipsis: glyphs.ellipsis)
            while caption.count < 2 { caption.append("") }
            let link = slide.url == nil ? "" : glyphs.openURL + " link"
            return frame([name, ""] + caption + [style.dim(link)], width: frameWidth)
        }
        var lines: [String] = []
        for index in frames[0].indices {
            lines.append(Self.centred(frames.map { $0[index] }.joined(separator: "  "), in: inner))
        }
        let dots = (0 ..< min(slides.count, 10)).map { $0 == 0 ? glyphs.pageOn : glyphs.pageOff }
        var indicator = dots.joined(separator: " ")
        if slides.count > 10 { indicator += " " + glyphs.ellipsis }
        if slides.count > shown.count { indicator += "   \(slides.count) slides" }
        lines.append(TerminalText.center(indicator, in: inner))
        return lines + text(message, width: inner)
    }

    private func video(_ message: Message, _ resolution: Resolution) -> [String] {
        let badge = "( " + glyphs.play + " )"
        var label: [String]
        if let descriptor = resolution.video?.descriptor {
            label = [badge] + (descriptor.poster.map { imageLabel($0, width: inner - 4) } ?? [style.dim("no poster")])
        } else {
            label = [badge, style.dim("no video")]
        }
        label.insert("", at: 0)
        label.append("")
        return frame(label, width: inner) + text(message, width: inner)
    }

    private func wallet(_ message: Message, _ resolution: Resolution) -> [String] {
        var lines: [String] = []
        if let image = resolution.image?.url { lines += frame([""] + imageLabel(image, width: inner - 4) + [""], width: inner) }
        lines += text(message, width: inner)
        guard resolution.wallet != nil else {
            return lines + TerminalText.wrap("(no pass URL: the Add to Apple Wallet button hides itself)", width: inner).map(style.dim)
        }
        let button = frame([" Add to Apple Wallet "], width: 25)
        return lines + [""] + button
    }

    // MARK: pieces

    /// Title (bold, up to 2 lines) and body (up to 4 lines), wrapped to `width`.
    private func text(_ message: Message, width: Int) -> [String] {
        var lines: [String] = []
        if let title = message.title?.nonEmpty {
            lines += TerminalText.paragraph(title, width: width, maxLines: 2, ellipsis: glyphs.ellipsis)
                .map { style.bold(TerminalText.pad($0, to: width)) }
        }
        if let body = message.body?.nonEmpty {
            lines += TerminalText.paragraph(body, width: width, maxLines: 4, ellipsis: glyphs.ellipsis)
        }
        return lines
    }

    /// An image's name and host, centred; "no image" when there is none.
    private func imageLabel(_ url: String?, width: Int) -> [String] {
        guard let url else { return [style.dim("no image")] }
        if imageAreaEmpty { return ["", ""] }
        let parts = CardImageLabel.parts(ShownURL.text(url))
        var label = [TerminalText.fit(glyphs.image + " " + parts.name, width: width, ellipsis: glyphs.ellipsis)]
        if let host = parts.host { label.append(style.dim(TerminalText.fit(host, width: width, ellipsis: glyphs.ellipsis))) }
        return label
    }

    /// A frame `width` columns wide around centred `content` lines (already fitted or
    /// styled; styled lines are measured without their colour codes).
    private func frame(_ content: [String], width: Int) -> [String] {
        let corners = glyphs.frameCorners
        let bar = String(repeating: glyphs.horizontal, count: width - 2)
        let inside = width - 2
        var lines = [style.dim(corners.0 + bar + corners.1)]
        for line in content {
            let plain = Self.plain(line)
            let fitted = TerminalText.width(plain) > inside ? TerminalText.fit(plain, width: inside, ellipsis: glyphs.ellipsis) : line
            let free = max(0, inside - TerminalText.width(Self.plain(fitted)))
            let centred = String(repeating: " ", count: free / 2) + fitted + String(repeating: " ", count: free - free / 2)
            lines.append(style.dim(glyphs.vertical) + centred + style.dim(glyphs.vertical))
        }
        lines.append(style.dim(corners.2 + bar + corners.3))
        return lines
    }

    private func top() -> String {
        let corners = glyphs.cardCorners
        return indent + style.dim(corners.0 + String(repeating: glyphs.horizontal, count: width - 2) + corners.1)
    }

    private func bottom() -> String {
        let corners = glyphs.cardCorners
        return indent + style.dim(corners.2 + String(repeating: glyphs.horizontal, count: width - 2) + corners.3)
    }

    /// One line of the card's inside, padded to the border.
    private func row(_ content: String) -> String {
        var content = content
        if TerminalText.width(Self.plain(content)) > inner {
            content = TerminalText.fit(Self.plain(content), width: inner, ellipsis: glyphs.ellipsis)
        }
        let free = max(0, inner - TerminalText.width(Self.plain(content)))
        return indent + style.dim(glyphs.vertical) + " " + content + String(repeating: " ", count: free) + " "
            + style.dim(glyphs.vertical)
    }

    /// `content` (possibly coloured) with spaces before it to centre it in `width` columns.
    static func centred(_ content: String, in width: Int) -> String {
        let free = max(0, width - TerminalText.width(plain(content)))
        return String(repeating: " ", count: free / 2) + content
    }

    /// The first letter of the title (or body), upper-cased, for the classic avatar.
    static func initial(_ text: String?) -> String {
        guard let letter = text.flatMap({ TerminalText.clean($0).first { $0.isLetter || $0.isNumber } }) else { return "?" }
        let upper = String(letter).uppercased()
        return TerminalText.width(upper) <= 2 ? upper : "?"
    }

    /// `text` without ANSI colour codes, for measuring. (The test for ESC reads bytes:
    /// `contains` with a `String` is Foundation's search, most of `resolve --format text`'s
    /// time when it ran for every row of every preview.)
    static func plain(_ text: String) -> String {
        guard text.utf8.contains(0x1B) else { return text }
        var result = ""
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
