/// IK805: a page `duration` that is not a JSON number (a string, null — or a boolean,
/// which the SDK reads as 1 or 0).
public struct StoryDurationNotNumber: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK805", severity: .warning, title: "Story page duration is not a number",
        explanation: """
            `duration` is the number of seconds a page stays on screen, written as a JSON number \
            (`4` or `4.5`). Anything else — the text `"4"`, null — is ignored and the page shows \
            for the default 5 seconds. A JSON boolean is a trap: the SDK reads it as a number, so \
            `true` makes a 1-second page and `false` (0) falls back to 5 seconds.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "duration": "8"}]}}}"#),
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "duration": true}]}}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "duration": 8}]}}}"#),
        ])

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        // The page is named only in a finding: named before, it was a String made for
        // every page of every story.
        for page in story.pages {
            switch page.durationNote {
            case .boolean(true, let value)?:
                report.add(description, at: value, """
                    duration of \(StoryWording.page(page.index)) is the boolean true, which the SDK reads as the number 1: \
                    the page shows for 1 second only; write the seconds as a number
                    """)
            case .boolean(false, let value)?:
                report.add(description, at: value, """
                    duration of \(StoryWording.page(page.index)) is the boolean false, which the SDK reads as 0, so the page shows \
                    for the default 5 seconds; write the seconds as a number
                    """)
            case .notANumber(let value)?:
                report.add(description, at: value, """
                    duration of \(StoryWording.page(page.index)) is \(StoryWording.describe(value)), not a number, so the SDK ignores it \
                    and the page shows for the default 5 seconds
                    """)
            default:
                continue
            }
        }
    }
}
