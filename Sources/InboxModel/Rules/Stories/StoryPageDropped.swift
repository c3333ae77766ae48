/// IK804: a page without an `image` URL that has a scheme is left out of the story.
public struct StoryPageDropped: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK804", severity: .warning, title: "Story page dropped: no usable image",
        explanation: """
            Every story page is a full-screen image, so `image` is the one required field: it \
            must be a string URL with a scheme (`https://…`). A page without it is dropped and \
            the story plays the remaining pages; when no page is left the story falls back \
            (IK802).
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}, {"image": "example.com/spring-2.jpg"}]}}}"#),
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}, {"title": "Coming soon"}]}}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}, {"image": "https://example.com/spring-2.jpg"}]}}}"#),
        ])

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        for dropped in story.droppedPages {
            let page = StoryWording.page(dropped.index)
            switch dropped.reason {
            case .noImage:
                report.add(description, at: dropped.value, "\(page) has no image, so the SDK drops the page")
            case .imageNotText(let value):
                report.add(description, at: value,
                           "image of \(page) is \(StoryWording.kind(value)), not a URL string, so the SDK drops the page")
            case .imageWithoutScheme(let url, let value):
                let what: Phrase = url.isEmpty ? "is empty" : "\(json: StoryWording.short(url)) has no scheme (like https://)"
                report.add(description, at: value, "image of \(page) \(what), so the SDK drops the page")
            case .imageRejected:
                continue // IK813
            }
        }
    }
}
