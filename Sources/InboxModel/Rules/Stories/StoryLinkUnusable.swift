/// IK808: a page `link` without a scheme (or not a string), which the SDK drops.
public struct StoryLinkUnusable: StoryRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK808", severity: .warning, title: "Story page link dropped",
        explanation: """
            The page button opens `link`, a deep link or web URL that must start with a scheme \
            (`yourapp://…`, `https://…`) and that iOS's `URL(string:)` accepts. A link without \
            one — `shop.example.com/spring` —, one iOS rejects (a space in the host), or a link \
            that is not a string is dropped, and with it the page button (see IK809).
            """,
        triggers: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "link": "example.com/spring", "button_title": "Shop now"}]}}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg", "link": "https://example.com/spring", "button_title": "Shop now"}]}}}"#),
        ])

    public func check(message: InspectedMessage, story: Story, into report: inout Report) {
        for page in story.pages {
            guard let link = page.droppedLink else { continue }
            let name = StoryWording.page(page.index)
            if let url = link.string, let reason = URLReading.of(url).rejection, URLScheme.of(url) != nil {
                report.add(description, at: link, """
                    link of \(name) \(json: StoryWording.short(url)) is rejected by iOS (\(reason.reason)), so \
                    the SDK drops it and the page has no button
                    """)
            } else if let url = link.string {
                report.add(description, at: link, """
                    link of \(name) \(json: StoryWording.short(url)) has no scheme (like https:// or \
                    yourapp://), so the SDK drops it and the page has no button
                    """)
            } else {
                report.add(description, at: link, """
                    link of \(name) is \(StoryWording.kind(link)), not a URL string, so the SDK drops it \
                    and the page has no button
                    """)
            }
        }
    }
}
