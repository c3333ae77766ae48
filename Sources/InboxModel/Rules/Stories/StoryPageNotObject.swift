/// IK803: one element of `pages` is not an object, and the SDK rejects the whole array.
public struct StoryPageNotObject: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK803", severity: .error, title: "A page that is not an object rejects every page",
        explanation: """
            The SDK reads `pages` as an array of objects in one go: when a single element is \
            something else (a URL string, a number, null), it rejects the whole array, not just \
            that element, and the story falls back to the notification's default content. Write \
            each page as an object: `{"image": "https://…"}`.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}, "https://example.com/spring-2.jpg"]}}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}, {"image": "https://example.com/spring-2.jpg"}]}}}"#),
        ])

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        guard case .nonObjectPage(let pages, let element, let index)? = story.fallback else { return }
        report.add(description, at: element, """
            \(StoryWording.page(index)) of \(pages.count) is \(StoryWording.describe(element)), not a page object: \
            the SDK rejects the whole pages array, \(StoryWording.fallback)
            """)
    }
}
