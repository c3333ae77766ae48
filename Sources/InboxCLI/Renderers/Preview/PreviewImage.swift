import InboxModel

/// An image of the preview: the payload's own URL loaded by the browser, over a
/// placeholder naming the file (what remains when the image cannot load, and all that is
/// drawn `--offline`, where the page makes no request at all).
struct PreviewImage: Sendable {
    var offline: Bool

    /// `url` in a frame of class `frame` (its size comes from the stylesheet).
    func html(_ url: String?, frame: String) -> String {
        guard let url, !url.isEmpty else {
            return "<div class=\"\(frame) media tint-none\"><span class=\"ph\"><span class=\"ph-name\">no image</span></span></div>"
        }
        let parts = CardImageLabel.parts(url)
        var html = "<div class=\"\(frame) media tint-\(Self.tint(parts.name))\"><span class=\"ph\">"
        html += PreviewIcons.photo + "<span class=\"ph-name\" dir=\"auto\">" + HTMLText.escape(parts.name) + "</span>"
        if let host = parts.host { html += "<span class=\"ph-host\">" + HTMLText.escape(host) + "</span>" }
        html += "</span>"
        if !offline, let source = HTMLText.webURL(url) {
            html += "<img src=\"" + HTMLText.escape(source)
                + "\" alt=\"\" loading=\"lazy\" decoding=\"async\" referrerpolicy=\"no-referrer\">"
        }
        return html + "</div>"
    }

    /// One of the stylesheet's eight placeholder tints, the same for the same file name.
    static func tint(_ name: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % 8)
    }
}
