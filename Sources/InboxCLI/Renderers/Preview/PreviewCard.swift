import InboxModel
import InboxCore

/// One inbox card as InboxKit lays it out on the phone (BEHAVIOUR §5, §6): classic an icon
/// beside title, body and date; banner the image alone; captioned the image over the text;
/// carousel scrollable slides with page dots; video a poster with a play glyph; wallet
/// the Add to Apple Wallet button. Buttons only on the layouts that draw them. What is
/// drawn was decided by the resolver; this only draws it.
struct PreviewCard: Sendable {
    var image: PreviewImage

    func html(_ message: Message, _ resolution: Resolution) -> String {
        let layout = resolution.layout
        var classes = "card k-\(layout.rawValue)"
        if resolution.pinned { classes += " pinned" }
        if !(message.isRead ?? false) { classes += " unread" }
        var html = "<article class=\"\(classes)\" data-layout=\"\(layout.rawValue)\">"
        if resolution.pinned { html += "<span class=\"pin\">" + PreviewIcons.pin + "</span>" }
        switch layout {
        case .banner: html += image.html(resolution.image?.url, frame: "banner-image")
        case .classic: html += classic(message, resolution)
        case .captioned: html += image.html(resolution.image?.url, frame: "hero") + text(message)
        case .carousel: html += carousel(resolution) + text(message)
        case .video: html += video(resolution) + text(message)
        case .wallet: html += wallet(message, resolution)
        }
        if resolution.buttonsRendered, !resolution.buttons.buttons.isEmpty { html += buttons(resolution.buttons.buttons) }
        return html + "</article>"
    }

    // MARK: layouts

    private func classic(_ message: Message, _ resolution: Resolution) -> String {
        let icon: String
        if let url = resolution.image?.url {
            icon = image.html(url, frame: "thumb")
        } else {
            let initial = CardPreview.initial(message.title?.nonEmpty ?? message.body?.nonEmpty)
            icon = "<div class=\"thumb avatar tint-\(PreviewImage.tint(initial))\" aria-hidden=\"true\">"
                + HTMLText.escape(initial) + "</div>"
        }
        var words = text(message)
        if message.title?.nonEmpty == nil && message.body?.nonEmpty == nil {
            words = "<div class=\"text\"><p class=\"body empty\">(no title, no body)</p></div>"
        }
        return "<div class=\"classic-row\">" + icon + words + "</div>"
    }

    private func carousel(_ resolution: Resolution) -> String {
        let slides = resolution.slides
        guard !slides.isEmpty else { return "<div class=\"slides empty\">no slides</div>" }
        var html = "<div class=\"slides\" tabindex=\"0\" aria-label=\"\(slides.count) slides\">"
        for slide in slides {
            html += "<figure class=\"slide\">" + image.html(slide.image, frame: "slide-image")
            if let title = slide.title, !title.isEmpty {
                html += "<figcaption dir=\"auto\">" + HTMLText.escape(title) + "</figcaption>"
            }
            html += "</figure>"
        }
        html += "</div><div class=\"dots\" aria-hidden=\"true\">"
        for index in slides.indices { html += index == 0 ? "<i class=\"on\"></i>" : "<i></i>" }
        return html + "</div>"
    }

    private func video(_ resolution: Resolution) -> String {
        let poster = resolution.video?.descriptor?.poster
        var html = "<div class=\"video\">"
        if let poster {
            html += image.html(poster, frame: "hero")
        } else {
            let why = resolution.video?.descriptor == nil ? "no video" : "no poster"
            html += "<div class=\"hero media tint-none\"><span class=\"ph\"><span class=\"ph-name\">\(why)</span></span></div>"
        }
        return html + "<span class=\"play\">" + PreviewIcons.play + "</span></div>"
    }

    private func wallet(_ message: Message, _ resolution: Resolution) -> String {
        var html = resolution.image.map { image.html($0.url, frame: "hero") } ?? ""
        html += text(message)
        if resolution.wallet != nil {
            html += "<div class=\"wallet-row\"><span class=\"wallet-button\">" + PreviewIcons.wallet
                + "<span>Add to Apple Wallet</span></span></div>"
        }
        return html
    }

    // MARK: pieces

    /// Title with the date beside it, then the body; each laid out in its own direction.
    private func text(_ message: Message) -> String {
        var html = "<div class=\"text\"><div class=\"head\">"
        if let title = message.title?.nonEmpty {
            html += "<h3 class=\"title\" dir=\"auto\">" + HTMLText.escape(title) + "</h3>"
        } else {
            html += "<span class=\"title-gap\"></span>"
        }
        if let date = Self.date(message.sendDate) { html += "<time>" + date + "</time>" }
        html += "</div>"
        if let body = message.body?.nonEmpty { html += "<p class=\"body\" dir=\"auto\">" + HTMLText.escape(body) + "</p>" }
        return html + "</div>"
    }

    /// The row of inline buttons, every one the SDK decodes (a fourth crowds the row, as on
    /// the phone); what a tap does is in the tooltip.
    private func buttons(_ buttons: some Collection<Button>) -> String {
        var html = "<div class=\"buttons\">"
        for button in buttons {
            let action = button.action.kind
            var tip = action.rawValue
            if case .openURL(let url) = button.action { tip += " " + url.string }
            html += "<span class=\"btn a-\(action.rawValue)\" data-action=\"\(action.rawValue)\" title=\""
                + HTMLText.escape(tip) + "\" dir=\"auto\">" + HTMLText.escape(button.title) + "</span>"
        }
        return html + "</div>"
    }

    /// The date the card shows: "Now", or day, month and year of the send date (UTC);
    /// nil when the message has none the feed can read.
    static func date(_ value: JSONValue?) -> String? {
        switch SendDate(value) {
        case .unknown: return nil
        case .now: return "Now"
        case .instant(let seconds):
            // Beyond a few thousand years a timestamp is a mistake, not a date to draw.
            guard seconds.magnitude < 1e11 else { return nil }
            let days = Int((seconds / 86_400).rounded(.down))
            let (year, month, day) = civil(days: days)
            return "\(day) \(monthNames[month - 1]) \(year)"
        }
    }

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Year, month and day of a count of days since 1970-01-01 (H. Hinnant's algorithm).
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day)
    }
}
