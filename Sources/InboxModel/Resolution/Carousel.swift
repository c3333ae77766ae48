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
        let member = slideKeys.nodes(of: element)
        guard let imageNode = member.node(0) else { return .failure(DroppedSlide(source: element, reason: .noImage)) }
        let nodes = element.nodes
        let image = nodes[imageNode]
        guard image.kind == .string else { return .failure(DroppedSlide(source: element, reason: .imageNotAString)) }
        // Every escape decodes to at least one byte: the raw length tells emptiness.
        guard image.end - image.start > 2 else { return .failure(DroppedSlide(source: element, reason: .emptyImage)) }
        let titleNode = member.node(1).flatMap { node -> Int? in
            let title = nodes[node]
            return title.kind == .string && title.end - title.start > 2 ? node : nil
        }
        var link = Slide.Link.none
        if let urlNode = member.node(2) {
            let urlValue = element.sibling(urlNode)
            let scheme = SchemeMark.of(urlValue)
            if scheme != .none {
                link = .kept(scheme: scheme)
            } else if urlValue.isNonEmptyString || (urlValue.kind != .string && !urlValue.isNull) {
                // An empty string or null is simply "no link"; anything else was meant as one.
                link = .dropped
            }
        }
        return .success(Slide(source: element, imageNode: Int32(imageNode), titleNode: titleNode.map(Int32.init) ?? -1,
                              urlNode: member.node(2).map(Int32.init) ?? -1, link: link))
    }

    /// A slide's members, by position in `decode`: looked up in one pass, since every
    /// element of every carousel is decoded.
    private static let slideKeys = ShortNames("image", "title", "url")
}
