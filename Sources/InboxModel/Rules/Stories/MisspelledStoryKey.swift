/// IK814: a Push Stories key written another way than the extension reads it
/// (`pwStories`, a page's `imageUrl` or `buttonTitle`): the block, or the page's image
/// or button, is ignored as if absent. Checked for story messages (category PW_STORIES
/// or a `pw_stories` key); a misspelled block name in any other message is IK210's.
public struct MisspelledStoryKey: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK814", severity: .error, title: "Misspelled Push Stories key",
        explanation: """
            The story extension reads exact, case-sensitive names: the block is `pw_stories` \
            with `pages`; a page has `image`, `duration`, `link`, `button_title`, `title` and \
            `subtitle`. A key written another way (`pwStories`, `pw_story`, a page's \
            `imageUrl`, `buttonTitle` or `button_text`) is ignored: the story falls back to \
            the default notification content, a page without `image` is dropped, a page \
            button without `button_title` is not shown. Rename the key to the one named.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "New looks", "content": "Tap to play", "ios_category_custom": "PW_STORIES", "data": {"pwStories": {"pages": [{"image": "https://cdn.example.com/1.jpg"}]}}}"#),
            RuleExample(#"{"ios_title": "New looks", "content": "Tap to play", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"imageUrl": "https://cdn.example.com/1.jpg"}]}}}"#),
        ],
        passes: [RuleExample(#"{"ios_title": "New looks", "content": "Tap to play", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://cdn.example.com/1.jpg", "button_title": "Shop", "link": "https://shop.example.com"}]}}}"#)],
        fix: RuleFix(.safe, "Renames the key to the name the story extension reads, when no other key of the object stands for it.",
                     before: RuleExample(#"{"ios_title": "New looks", "content": "Tap to play", "ios_category_custom": "PW_STORIES", "ios_root_params": {"aps": {"mutable-content": 1}}, "data": {"pw_stories": {"pages": [{"imageUrl": "https://cdn.example.com/1.jpg"}, {"image": "https://cdn.example.com/2.jpg"}]}}}"#),
                     after: #"{"ios_title": "New looks", "content": "Tap to play", "ios_category_custom": "PW_STORIES", "ios_root_params": {"aps": {"mutable-content": 1}}, "data": {"pw_stories": {"pages": [{"image": "https://cdn.example.com/1.jpg"}, {"image": "https://cdn.example.com/2.jpg"}]}}}"#))

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        for key in MisspelledKey.find(in: message, places: .storiesOnly) where key.isAboutStories {
            report.add(description, at: key.value, """
                \(quoted: key.written) in \(key.place.wording) is not a key the story extension reads, so its \
                value is ignored: did you mean \(quoted: key.expected)?
                """, fix: key.fix)
        }
    }
}
