import InboxCore

/// The `carousel` of a message: the first `carousel` array of the §3 lookup, decoded
/// into slides (BEHAVIOUR §5). An empty array still ends the lookup.
public struct Carousel: Sendable {
    public var source: JSONValue
    public var place: LookupPlace
    /// Every usable slide, shown or not, in order: the slides shown, then the overflow.
    /// Views of the resolution's list buffer: valid while the resolution is (see
    /// `ResolvedList`).
    public let usable: ResolvedList<Slide>
    /// How many of `usable` are shown.
    let shownCount: Int
    /// Elements dropped because they are not a slide; they do not use a place.
    public let dropped: ResolvedList<DroppedSlide>
    /// Whether an element has a key other than `image`, `title` and `url` that may be a
    /// misspelling (`MisspelledKey.mayHold`): only then does IK210 look into the slides.
    var elementsMayHoldMisspelling = false

    /// The slides shown, in order (at most the profile's limit).
    public var slides: ResolvedList<Slide> { usable.leading(shownCount) }
    /// Usable slides beyond the profile's limit, which are not shown (IK404).
    public var overflow: ResolvedList<Slide> { usable.dropping(first: shownCount) }

    /// The array the §3 lookup finds (the first `carousel` that is an array; an empty
    /// array still ends the lookup).
    @inline(__always)
    static func lookup(in params: ActionParams) -> Found<JSONValue>? {
        params.lookup(.carousel, accept: { $0.kind == .array ? $0 : nil })
    }

    /// The room `decode(_:profile:arena:)` takes in a `ListArena`: every element may be a
    /// slide, or dropped.
    static func bytes(elements count: Int) -> Int {
        ListArena.bytes(Slide.self, count) + ListArena.bytes(DroppedSlide.self, count)
    }

    /// Decodes the array found into slides, in regions of `arena`: the usable ones in
    /// order, of which the first `maxSlides` are shown. Each usable slide's image, and its
    /// link when kept, go to `sites` as it is decoded (the link's scheme was read already).
    /// Kept out of line, so the element's decoding and its member lookup are inlined into
    /// this loop rather than left a call per slide.
    @inline(never)
    static func decode(_ found: Found<JSONValue>, profile: SDKProfile, arena: inout ListArena,
                       sites: inout ListWriter<URLSite>) -> Carousel {
        let count = Int(found.value.node.count)
        var usable = arena.region(Slide.self, capacity: count)
        var dropped = arena.region(DroppedSlide.self, capacity: count)
        var mayHoldMisspelling = false
        found.value.forEachElement { element in
            switch decode(element, mayHoldMisspelling: &mayHoldMisspelling) {
            case .success(let slide):
                usable.append(slide)
                let imageValue = slide.imageValue
                let image = SchemeMark.reading(imageValue)
                sites.append(URLSite(role: .slideImage, value: imageValue, used: true, schemeMark: image.mark,
                                     isTakenAsWritten: image.isAsWritten))
                if case .kept(let scheme, let isAsWritten) = slide.link, let value = slide.urlValue {
                    sites.append(URLSite(role: .slideLink, value: value, used: true, schemeMark: scheme, isTakenAsWritten: isAsWritten))
                } else if slide.link == .rejected, let value = slide.urlValue {
                    sites.append(URLSite(role: .slideLink, value: value, used: false, schemeMark: .rejected, isTakenAsWritten: false))
                }
            case .failure(let skipped): dropped.append(skipped)
            }
        }
        let shown = min(usable.count, profile.maxSlides ?? Int.max)
        return Carousel(source: found.source, place: found.place, usable: usable.list, shownCount: shown, dropped: dropped.list,
                        elementsMayHoldMisspelling: mayHoldMisspelling)
    }

    /// One element (inlined into the loop over the array, like a button's decoding).
    @inline(__always)
    static func decode(_ element: JSONValue, mayHoldMisspelling: inout Bool) -> Result<Slide, DroppedSlide> {
        guard element.kind == .object else { return .failure(DroppedSlide(source: element, reason: .notAnObject)) }
        let member = slideKeys.nodes(of: element)
        if member.hasOtherKeys, !mayHoldMisspelling {
            mayHoldMisspelling = MisspelledKey.mayHold(element, at: .slide)
        }
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
            let (scheme, isAsWritten) = SchemeMark.reading(urlValue)
            if scheme.isUsable {
                link = .kept(scheme: scheme, isAsWritten: isAsWritten)
            } else if scheme == .rejected {
                link = .rejected
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
    /// `image`, `title`, `url` (as `ShortNames("image", "title", "url")`, constants).
    static var slideKeys: ShortNames { ShortNames(words: IndexedWords.image, 0x65_6C_74_69_74, 0x6C_72_75) }
}
