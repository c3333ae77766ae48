/// How an image URL is named inside a preview frame: its file name and its host, which
/// is what a person recognises (`flash-sale.jpg`, `cdn.example.com`).
enum CardImageLabel {
    static func parts(_ url: String) -> (name: String, host: String?) {
        let lowered = url.lowercased()
        if lowered.hasPrefix("data:") { return ("inline data: image", nil) }
        var rest = Substring(url)
        if let separator = rest.range(of: "://") { rest = rest[separator.upperBound...] }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        let pieces = rest.split(separator: "/", omittingEmptySubsequences: true)
        guard let host = pieces.first else { return (url, nil) }
        guard pieces.count > 1, let name = pieces.last else { return (String(host), nil) }
        return (String(name), String(host))
    }
}
