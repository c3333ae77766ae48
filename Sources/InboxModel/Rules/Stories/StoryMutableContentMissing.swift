import InboxCore

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
        ],
        fix: RuleFix(.safe, "Sets mutable-content to 1 in aps (of ios_root_params for a notification), adding the objects that are missing.",
                     before: RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}]}}}"#),
                     after: #"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}]}}, "ios_root_params": {"aps": {"mutable-content": 1}}}"#))

    /// `mutable-content: 1` written over the value found, or added to `aps`, or to a new
    /// `aps` in `ios_root_params` (made too when missing) of a notification.
    static func flag(found: JSONValue?, aps: JSONValue?, message: Message) -> Fix? {
        var edits = JSONEdits()
        let flag = #"{"mutable-content": 1}"#
        if let found {
            edits.replace(found, with: "1")
        } else if let aps {
            guard aps.kind == .object else { return nil }
            edits.insert(key: "mutable-content", json: "1", into: aps)
        } else if message.shape == .notification || message.shape == .request {
            if let rootParams = message.value["ios_root_params"] {
                guard rootParams.kind == .object, rootParams["aps"] == nil else { return nil }
                edits.insert(key: "aps", json: flag, into: rootParams)
            } else {
                edits.insert(key: "ios_root_params", json: #"{"aps": \#(flag)}"#, into: message.value)
            }
        }
        return edits.fix(.safe)
    }

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        guard case .missing(let found, let aps) = story.mutableContent else { return }
        let place = message.shape == .push ? "aps" : "ios_root_params.aps"
        let effect = """
            the story still plays, but a Notification Service Extension cannot pre-cache its images, \
            so they load when the notification is expanded
            """
        if let found {
            report.add(description, at: found, "mutable-content is \(StoryWording.describe(found)), not 1: \(effect)",
                       fix: Self.flag(found: found, aps: aps, message: message))
        } else {
            report.add(description, at: aps ?? message.value, "no mutable-content: 1 in \(place): \(effect)",
                       fix: Self.flag(found: nil, aps: aps, message: message))
        }
    }
}
