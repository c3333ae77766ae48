import InboxCore

/// IK807: a page `duration` above 30 seconds, cut to 30.
public struct StoryDurationClamped: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK807", severity: .warning, title: "Story page duration above 30 seconds is cut",
        explanation: """
            No story page stays longer than 30 seconds: the SDK cuts a longer `duration` to 30, \
            so the story's timing differs from what was planned.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "duration": 45}]}}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "duration": 30}]}}}"#),
        ],
        fix: RuleFix(.safe, "Writes 30, the duration the SDK plays: the story does not change, the file says what it does.",
                     before: RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "ios_root_params": {"aps": {"mutable-content": 1}}, "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "duration": 45}]}}}"#),
                     after: #"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "ios_root_params": {"aps": {"mutable-content": 1}}, "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "duration": 30}]}}}"#))

    /// The duration written as 30.
    static func cut(_ value: JSONValue) -> Fix? {
        var edits = JSONEdits()
        edits.replace(value, with: "30")
        return edits.fix(.safe)
    }

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        for page in story.pages {
            guard case .clamped(let seconds, let value)? = page.durationNote else { continue }
            report.add(description, at: value, """
                duration of \(StoryWording.page(page.index)) is \(StoryNumber.text(seconds)) seconds; \
                the SDK cuts a page to 30 seconds
                """, fix: Self.cut(value))
        }
    }
}
