/// A piece of data a card layout needs (BEHAVIOUR §5). When one is missing the requested
/// layout degrades to `classic`, and `reason` is the exact text the result carries.
public enum CardRequirement: String, CaseIterable, Sendable {
    case image, title, body, slides, videoDescriptor, passURL

    /// The degradation reason of BEHAVIOUR §5, word for word.
    public var reason: String { staticReason.description }

    /// The reason as static text, for the wording of findings: static text is appended
    /// from where it lies, with no `String` made per finding.
    var staticReason: StaticString {
        switch self {
        case .image: return "no image"
        case .title: return "no title"
        case .body: return "no body"
        case .slides: return "no slides"
        case .videoDescriptor: return "no video descriptor"
        case .passURL: return "no pass URL"
        }
    }
}
