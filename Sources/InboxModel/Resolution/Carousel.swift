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

    /// Every usable slide, shown or not.
    public var usable: [Slide] { slides + overflow }

    static func find(in params: ActionParams, profile: SDKProfile) -> Carousel? {
        guard let found = params.lookup(.carousel, accept: { $0.kind == .array ? $0 : nil }) else { return nil }
        var carousel = Carousel(source: found.source, place: found.place, slides: [], overflow: [], dropped: [])
        for element in found.value.elements {
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
        guard let imageValue = element["image"] else { return .failure(DroppedSlide(source: element, reason: .noImage)) }
        guard let image = imageValue.string else {
            return .failure(DroppedSlide(source: element, reason: .imageNotAString))
        }
        guard !image.isEmpty else { return .failure(DroppedSlide(source: element, reason: .emptyImage)) }
        let title = element["title"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        var slide = Slide(image: image, title: title, url: nil, source: element, droppedURL: nil)
        if let urlValue = element["url"] {
            if let url = urlValue.string, URLScheme.of(url) != nil {
                slide.url = url
            } else if urlValue.string != "" && !urlValue.isNull {
                // An empty string or null is simply "no link"; anything else was meant as one.
                slide.droppedURL = urlValue
            }
        }
        return .success(slide)
    }
}
