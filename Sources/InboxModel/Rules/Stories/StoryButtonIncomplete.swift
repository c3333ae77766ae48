/// IK809: a page with a button title but no usable link, or a link but no button title.
public struct StoryButtonIncomplete: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK809", severity: .warning, title: "Story page button needs both a link and a title",
        explanation: """
            A page shows its button only when it has both a usable `link` (with a scheme) and a \
            non-empty `button_title`. With only one of them no button appears: a title without \
            a link is never shown, and a link without a title can never be opened.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "button_title": "Shop now"}]}}}"#),
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "link": "https://example.com/spring", "button_title": ""}]}}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "link": "https://example.com/spring", "button_title": "Shop now"}]}}}"#),
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}]}}}"#),
        ])

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        // The page is named only in a finding: named before, it was a String made for
        // every page of every story.
        for page in story.pages where !page.showsButton {
            if let title = page.buttonTitle, let titleValue = page.value["button_title"] {
                let why = page.droppedLink != nil ? "its link was dropped (IK808)" : "it has no link"
                report.add(description, at: titleValue, """
                    \(StoryWording.page(page.index)) has button_title \(json: StoryWording.short(title)) but \(why), \
                    so no button is shown
                    """)
            } else if page.link != nil, let linkValue = page.value["link"] {
                let title = page.value["button_title"]
                let why = title.map { "button_title is \(StoryWording.describe($0))" } ?? "no button_title"
                report.add(description, at: title ?? linkValue,
                           "\(StoryWording.page(page.index)) has a link but \(why), so no button is shown and the link is never opened")
            }
        }
    }
}
