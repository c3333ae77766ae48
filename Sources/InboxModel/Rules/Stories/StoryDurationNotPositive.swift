/// IK806: a page `duration` of zero, below zero or too large to be a number.
public struct StoryDurationNotPositive: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK806", severity: .warning, title: "Story page duration is not above zero",
        explanation: """
            A page cannot show for 0 seconds or less: the SDK replaces such a `duration` — and \
            one too large to be a number at all, like `1e999` — with the default 5 seconds. \
            Give the seconds you want, above 0 and at most 30.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "duration": 0}]}}}"#),
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "duration": -3}]}}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "duration": 0.5}]}}}"#),
        ])

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        // The page is named only in a finding: named before, it was a String made for
        // every page of every story.
        for page in story.pages {
            switch page.durationNote {
            case .notPositive(_, let value)?:
                report.add(description, at: value, """
                    duration of \(StoryWording.page(page.index)) is \(value.numberText ?? "not above 0"), not above 0 seconds, so the page \
                    shows for the default 5 seconds
                    """)
            case .notFinite(let value)?:
                report.add(description, at: value, """
                    duration of \(StoryWording.page(page.index)) is \(value.numberText ?? "out of range"), too large to be a number, so the page \
                    shows for the default 5 seconds
                    """)
            default:
                continue
            }
        }
    }
}
