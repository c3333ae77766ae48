/// IK801: a story push (category PW_STORIES, or a `pw_stories` key) without a
/// `pw_stories` object where the extension looks for one.
public struct StoryBlockMissing: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK801", severity: .error, title: "No pw_stories block: the story falls back",
        explanation: """
            The story content extension looks for a `pw_stories` object at the payload root \
            (a notification's `ios_root_params`), then in `u` (a notification's `data`), then in \
            `userdata`; `u` and `userdata` may be objects or JSON strings. The block itself must be \
            an object: a `pw_stories` given as a string is skipped. When no object is found, the \
            extension shows the notification's default content (title and text) instead of the \
            story. Only story messages are checked: category PW_STORIES or a `pw_stories` key.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES"}"#),
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": "{\"pages\": [{\"image\": \"https://example.com/spring-1.jpg\"}]}"}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}]}}}"#),
            RuleExample(#"{"ios_title": "Weekend sale", "content": "Everything is 30% off", "inbox_days": 3}"#),
        ])

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        guard case .noBlock? = story.fallback else { return }
        let shape = message.shape
        if let skipped = story.lookup.skipped.last {
            let place = skipped.location.field(in: shape)
            report.add(description, at: skipped.value, """
                pw_stories in \(place) is \(StoryWording.kind(skipped.value)), not an object: the SDK skips it \
                and finds no other pw_stories block, \(StoryWording.fallback)
                """)
        } else if let problem = story.lookup.userdataProblem {
            report.add(description, issue: problem,
                       "no pw_stories block found, and userdata could not be searched: \(problem.message); \(StoryWording.fallback)")
        } else {
            report.add(description, at: message.value, """
                category is PW_STORIES but there is no pw_stories block (looked in \(StoryBlockLocation.root.field(in: shape)), \
                \(StoryBlockLocation.u.field(in: shape)) and userdata), \(StoryWording.fallback)
                """)
        }
    }
}
