/// Which of the data a card can need a message actually has under one profile: the
/// heuristic and the degradation check both read these, so they always agree.
public struct CardFacts: Equatable, Sendable {
    public var image: Bool
    public var title: Bool
    public var body: Bool
    public var slides: Bool
    public var videoDescriptor: Bool
    public var passURL: Bool

    public func has(_ requirement: CardRequirement) -> Bool {
        switch requirement {
        case .image: return image
        case .title: return title
        case .body: return body
        case .slides: return slides
        case .videoDescriptor: return videoDescriptor
        case .passURL: return passURL
        }
    }
}
