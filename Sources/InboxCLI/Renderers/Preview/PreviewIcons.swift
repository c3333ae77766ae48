/// The preview's glyphs, drawn as inline SVG in the text colour: the page loads no font
/// or image of its own, and the machine's fonts may have no emoji. Each glyph is defined
/// once (`symbols`, at the top of the page) and used by reference, as a 10 000-card page
/// repeats them tens of thousands of times.
enum PreviewIcons {
    static let pin = use("pin", label: "pinned")
    static let play = use("play")
    static let photo = use("photo")
    static let wallet = use("wallet")
    static let battery = "<svg class=\"icon\" viewBox=\"0 0 27 12\" fill=\"currentColor\" aria-hidden=\"true\">"
        + "<rect x=\"0.5\" y=\"0.5\" width=\"23\" height=\"11\" rx=\"3\" fill=\"none\" stroke=\"currentColor\" opacity=\".4\"/>"
        + "<rect x=\"2\" y=\"2\" width=\"18\" height=\"8\" rx=\"1.5\"/><rect x=\"24.5\" y=\"4\" width=\"1.5\" height=\"4\" rx=\".7\" opacity=\".4\"/></svg>"
    static let signal = "<svg class=\"icon\" viewBox=\"0 0 18 12\" fill=\"currentColor\" aria-hidden=\"true\">"
        + "<rect x=\"0\" y=\"8\" width=\"3\" height=\"4\" rx=\"1\"/><rect x=\"5\" y=\"5.5\" width=\"3\" height=\"6.5\" rx=\"1\"/>"
        + "<rect x=\"10\" y=\"3\" width=\"3\" height=\"9\" rx=\"1\"/><rect x=\"15\" y=\"0\" width=\"3\" height=\"12\" rx=\"1\"/></svg>"

    /// The definitions the glyphs above refer to.
    static let symbols = "<svg class=\"symbols\" aria-hidden=\"true\">"
        + "<symbol id=\"i-pin\" viewBox=\"0 0 24 24\"><path d=\"M15 3l6 6-2 1-3 3 .5 4.5L15 19l-4-4-5 5-1-1 5-5-4-4 1.5-1.5L12 9l3-3z\"/></symbol>"
        + "<symbol id=\"i-play\" viewBox=\"0 0 24 24\"><path d=\"M8 5v14l11-7z\"/></symbol>"
        + "<symbol id=\"i-photo\" viewBox=\"0 0 24 24\"><path d=\"M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z"
        + "m1 12h14l-4.5-6-3.5 4.5-2.5-3z\"/></symbol>"
        + "<symbol id=\"i-wallet\" viewBox=\"0 0 24 24\"><path d=\"M3 7a2 2 0 0 1 2-2h13a2 2 0 0 1 2 2v1H3zm0 3h18v7a2 2 0 0 1-2 2H5"
        + "a2 2 0 0 1-2-2zm13 3a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z\"/></symbol></svg>"

    private static func use(_ name: String, label: String? = nil) -> String {
        let role = label.map { " role=\"img\" aria-label=\"\($0)\"" } ?? " aria-hidden=\"true\""
        return "<svg class=\"icon\"\(role)><use href=\"#i-\(name)\"/></svg>"
    }
}
