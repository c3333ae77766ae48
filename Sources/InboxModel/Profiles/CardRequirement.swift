/// A piece of data a card layout needs (SPEC §5). When one is missing the requested
/// layout degrades to `classic`, and `reason` is the exact text the result carries.
public enum CardRequirement: String, CaseIterable, Sendable {
    case image, title, body, slides, videoDescriptor, passURL

    /// The degradation reason of SPEC §5, word for word.
    public var reason: String {
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
