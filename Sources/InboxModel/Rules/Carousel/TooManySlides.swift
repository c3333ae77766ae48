import InboxCore

/// IK404: more than 5 usable slides; the guide shows the first 5.
public struct TooManySlides: MessageRule {
    public init() {}
    /// It looks only at the carousel found.
    public static let needs: MessageFacts = [.carousel]
    public let description = RuleDescription(
        code: "IK404", severity: .warning, title: "More than 5 carousel slides",
        explanation: """
            The guide (`--sdk guide`) shows at most 5 carousel slides and drops the rest (elements \
            dropped for having no image do not use a place). SDK 7.0 and 7.1 show them all, so \
            the same payload looks different on newer apps.
            """,
        triggers: [RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}, {"image": "https://cdn.example.com/2.jpg"}, {"image": "https://cdn.example.com/3.jpg"}, {"image": "https://cdn.example.com/4.jpg"}, {"image": "https://cdn.example.com/5.jpg"}, {"image": "https://cdn.example.com/6.jpg"}]}}"#)],
        passes: [RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}, {"image": "https://cdn.example.com/2.jpg"}, {"image": "https://cdn.example.com/3.jpg"}, {"image": "https://cdn.example.com/4.jpg"}, {"image": "https://cdn.example.com/5.jpg"}, {"title": "no image, no place"}]}}"#)],
        fix: RuleFix(.unsafe, "Removes the slides the newest SDK drops (from the sixth slide with an image on); a guess at which slides matter.",
                     before: RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}, {"image": "https://cdn.example.com/2.jpg"}, {"image": "https://cdn.example.com/3.jpg"}, {"image": "https://cdn.example.com/4.jpg"}, {"image": "https://cdn.example.com/5.jpg"}, {"image": "https://cdn.example.com/6.jpg"}]}}"#),
                     after: #"{"ios_title": "New arrivals", "content": "Swipe through", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}, {"image": "https://cdn.example.com/2.jpg"}, {"image": "https://cdn.example.com/3.jpg"}, {"image": "https://cdn.example.com/4.jpg"}, {"image": "https://cdn.example.com/5.jpg"}]}}"#))

    /// The limit of the documented contract, for releases that have none.
    static let documentedLimit = SDKProfile.guide.maxSlides ?? 5

    /// The carousel array without `slide` and the elements after it.
    static func trimmed(from slide: JSONValue) -> Fix? {
        guard let array = slide.parent, let position = array.elements.firstIndex(where: { $0.index == slide.index }) else {
            return nil
        }
        var edits = JSONEdits()
        edits.removeElements(of: array, from: position)
        return edits.fix(.unsafe)
    }

    public func check(message: InspectedMessage, into report: inout Report) {
        // A release without carousels (7.0) never draws a slide.
        guard message.profile.knows(.carousel), let slides = message.resolution.carousel?.slides.count,
              let overflow = message.resolution.carousel?.overflow.count,
              slides + overflow > (message.profile.maxSlides ?? Self.documentedLimit),
              let usable = message.resolution.carousel?.usable else { return }
        let profile = message.profile
        let limit = profile.maxSlides ?? Self.documentedLimit
        let first = usable[limit]
        let text: Phrase
        if profile.maxSlides != nil {
            text = """
                carousel has \(usable.count) slides with an image; \(sdk: profile) shows the first \
                \(limit) and drops the other \(usable.count - limit), starting here
                """
        } else {
            text = """
                carousel has \(usable.count) slides with an image; SDK \(profile.name) shows them all, but the guide \
                shows only the first \(limit) and drops the rest, starting here
                """
        }
        report.add(description, at: first.source, text, fix: Self.trimmed(from: first.source))
    }
}
