import InboxCore

/// IK813: a page `image` iOS rejects: the page is dropped from the story.
public struct StoryImageRejected: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK813", severity: .error, title: "Story page dropped: image URL rejected by iOS",
        explanation: """
            A story page is shown only when iOS's `URL(string:)` accepts its `image` URL. iOS \
            repairs a space or a non-ASCII letter in the path, but rejects a URL whose host \
            holds a space or a stray `%`, or whose port is not a number: the page is dropped, \
            and a story with no page left falls back to the default notification (IK802).
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}, {"image": "https://cdn.example .com/spring-2.jpg"}]}}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}, {"image": "https://example.com/spring 2.jpg"}]}}}"#),
        ])

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        for dropped in story.droppedPages {
            guard case .imageRejected(let reason, let value) = dropped.reason else { continue }
            report.add(description, at: value, """
                image of \(StoryWording.page(dropped.index)) \(json: StoryWording.short(value.string ?? "")) is rejected \
                by iOS (\(reason.reason)), so the SDK drops the page
                """)
        }
    }
}
