/// IK811: a story push without `mutable-content: 1`; only the optional media pre-cache needs it.
public struct StoryMutableContentMissing: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK811", severity: .info, title: "Story push without mutable-content (no media pre-cache)",
        explanation: """
            The story plays without `mutable-content: 1`. The flag only lets a Notification \
            Service Extension run first and pre-download the page images into a shared App \
            Group, so the first page appears at once, even offline. Without it the images load \
            when the notification is expanded. Set it in `aps` of a push, or in \
            `ios_root_params.aps` of a createMessage notification, if the app pre-caches.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}]}}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "ios_root_params": {"aps": {"mutable-content": 1}}, "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}]}}}"#),
        ])

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        guard case .missing(let found, let aps) = story.mutableContent else { return }
        let place = message.message.shape == .push ? "aps" : "ios_root_params.aps"
        let effect = """
            the story still plays, but a Notification Service Extension cannot pre-cache its images, \
            so they load when the notification is expanded
            """
        if let found {
            report.add(description, at: found, "mutable-content is \(StoryWording.describe(found)), not 1: \(effect)")
        } else {
            report.add(description, at: aps ?? message.message.value, "no mutable-content: 1 in \(place): \(effect)")
        }
    }
}
