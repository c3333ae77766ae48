/// IK802: the `pw_stories` block has no usable `pages` array, or none of its pages can be shown.
public struct StoryPagesMissing: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK802", severity: .error, title: "No pages to play: the story falls back",
        explanation: """
            `pw_stories.pages` must be a non-empty array of page objects. When it is missing, \
            empty or not an array — or when every page is dropped because none has an `image` \
            URL with a scheme — the extension has nothing to play and shows the notification's \
            default content (title and text) instead. A `pw_stories` object without `pages` at \
            the root still ends the search: a complete block in `data` is then never read.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": []}}}"#),
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"page": [{"image": "https://example.com/spring-1.jpg"}]}}}"#),
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "example.com/spring-1.jpg"}]}}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}]}}}"#),
        ])

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        guard let fallback = story.fallback else { return }
        switch fallback {
        case .pagesMissing(let block):
            report.add(description, at: block, "pw_stories has no pages, \(StoryWording.fallback)")
        case .pagesNotArray(let pages):
            report.add(description, at: pages,
                       "pages is \(StoryWording.kind(pages)), not an array of page objects, \(StoryWording.fallback)")
        case .pagesEmpty(let pages):
            report.add(description, at: pages, "pages is an empty array, \(StoryWording.fallback)")
        case .noUsablePage(let pages, let dropped):
            let all = dropped == 1 ? "the only page was dropped" : "all \(dropped) pages were dropped"
            report.add(description, at: pages,
                       "no page has an image URL with a scheme (\(all)), \(StoryWording.fallback)")
        case .noBlock, .nonObjectPage:
            return
        }
    }
}
