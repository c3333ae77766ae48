/// The `carousel` of a message: the first `carousel` array of the §3 lookup, decoded
/// into slides (SPEC §5). An empty array still ends the lookup.
public struct Carousel: Sendable {
    public var source: JSONValue
    public var place: LookupPlace
    /// The slides shown, in order (at most the profile's limit).
    public var slides: [Slide]
    /// Usable slides beyond the profile's limit, which are not shown (IK404).
    public var overflow: [Slide]
    /// Elements dropped because they are not a slide; they do not use a place.
    public var dropped: [DroppedSlide]

    /// Every usable slide, shown or not. Without overflow (the usual case) this is
    /// `slides` itself, not a copy of every slide.
    public var usable: [Slide] { overflow.isEmpty ? slides : slides + overflow }

    static func find(in params: ActionParams, profile: SDKProfile) -> Carousel? {
        guard let found = params.lookup(.carousel, accept: { $0.kind == .array ? $0 : nil }) else { return nil }
        var carousel = Carousel(source: found.source, place: found.place, slides: [], overflow: [], dropped: [])
        // Most elements are slides: room for all of them at once, instead of regrowing.
        carousel.slides.reserveCapacity(min(Int(found.value.node.count), profile.maxSlides ?? Int.max))
        found.value.forEachElement { element in
            switch decode(element) {
            case .success(let slide):
                if let limit = profile.maxSlides, carousel.slides.count >= limit {
                    carousel.overflow.append(slide)
                } else {
                    carousel.slides.append(slide)
                }
            case .failure(let dropped):
                carousel.dropped.append(dropped)
            }
        }
        return carousel
    }

    static func decode(_ element: JSONValue) -> Result<Slide, DroppedSlide> {
        guard element.kind == .object else { return .failure(DroppedSlide(source: element, reason: .notAnObject)) }
        let member = element.members(slideKeys)
        guard let imageValue = member[0] else { return .failure(DroppedSlide(source: element, reason: .noImage)) }
        guard let image = imageValue.string else {
            return .failure(DroppedSlide(source: element, reason: .imageNotAString))
        }
        guard !image.isEmpty else { return .failure(DroppedSlide(source: element, reason: .emptyImage)) }
        let title = member[1]?.string.flatMap { $0.isEmpty ? nil : $0 }
        var slide = Slide(image: image, title: title, url: nil, source: element, droppedURL: nil,
                          imageValue: imageValue, urlValue: member[2])
        if let urlValue = member[2] {
            if let url = urlValue.string, let scheme = URLScheme.of(url) {
                slide.url = url
                slide.urlScheme = scheme
            } else if urlValue.string != "" && !urlValue.isNull {
                // An empty string or null is simply "no link"; anything else was meant as one.
                slide.droppedURL = urlValue
            }
        }
        return .success(slide)
    }

    /// A slide's members, by position in `decode`: looked up in one pass, since every
    /// element of every carousel is decoded.
    private static let slideKeys = MemberNames(["image", "title", "url"])
}
