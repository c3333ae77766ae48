/// How an image URL is named inside a preview frame: its file name and its host, which
/// is what a person recognises (`flash-sale.jpg`, `cdn.example.com`).
enum CardImageLabel {
    static func parts(_ url: String) -> (name: String, host: String?) {
        let lowered = url.lowercased()
        if lowered.hasPrefix("data:") { return ("inline data: image", nil) }
        var rest = Substring(url)
        if let afterScheme = afterScheme(rest) { rest = afterScheme }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        let pieces = rest.split(separator: "/", omittingEmptySubsequences: true)
        guard let host = pieces.first else { return (url, nil) }
        guard pieces.count > 1, let name = pieces.last else { return (String(host), nil) }
        return (String(name), String(host))
    }

    /// What follows the first `://`. (Foundation's `range(of:)` took most of the time of
    /// `resolve --format text`, bridging every URL to an `NSString`.)
    private static func afterScheme(_ text: Substring) -> Substring? {
        var from = text.startIndex
        while let colon = text[from...].firstIndex(of: ":") {
            let rest = text[text.index(after: colon)...]
            if rest.hasPrefix("//") { return rest.dropFirst(2) }
            from = rest.startIndex
        }
        return nil
    }
}
