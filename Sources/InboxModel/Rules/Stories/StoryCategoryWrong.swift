/// IK810: a story payload whose category is not `PW_STORIES`, so the extension never runs.
public struct StoryCategoryWrong: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK810", severity: .error, title: "Story push without category PW_STORIES",
        explanation: """
            iOS hands a notification to the story content extension only when its category is \
            exactly `PW_STORIES` (`ios_category_custom` in a createMessage notification, \
            `aps.category` in a push; the comparison is case-sensitive). With any other category, \
            or none, the `pw_stories` block is never read and the push shows as a plain \
            notification.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}]}}}"#),
            RuleExample(#"{"aps": {"alert": {"title": "Spring collection", "body": "Tap to see the new looks"}, "category": "pw_stories"}, "pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}]}}"#),
        ],
        passes: [
            RuleExample(#"{"aps": {"alert": {"title": "Spring collection", "body": "Tap to see the new looks"}, "category": "PW_STORIES", "mutable-content": 1}, "pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}]}}"#),
        ])

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        guard story.carriesCategory, !story.hasStoryCategory else { return }
        let field = StoryWording.categoryField(message.shape)
        let effect = "iOS never runs the story extension for it, so the push shows as a plain notification"
        if let value = story.categoryValue {
            report.add(description, at: value, "\(field) is \(StoryWording.describe(value)), not \"PW_STORIES\": \(effect)")
        } else {
            report.add(description, at: message.value,
                       "this story has no \(field); set it to \"PW_STORIES\", otherwise \(effect)")
        }
    }
}
