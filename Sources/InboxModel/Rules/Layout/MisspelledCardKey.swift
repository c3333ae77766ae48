/// IK210: a key the SDK reads by its exact name, written another way (`display_type`,
/// `Buttons`, a slide's `img`): its value is ignored as if absent, and the card the
/// marketer meant is not drawn.
public struct MisspelledCardKey: MessageRule {
    public init() {}
    /// It looks only where a key may be misspelled; most messages have no such place.
    public static let needs: MessageFacts = [.mayHoldMisspelledKey]
    public let description = RuleDescription(
        code: "IK210", severity: .error, title: "Misspelled key the SDK never reads",
        explanation: """
            The SDK reads custom data by exact, case-sensitive names: `displayType`, `image`, \
            `buttons`, `carousel`, `video`, `wallet`, `pinned`; in a slide `image`, `title`, \
            `url`; in a wallet object `pass`; in a video object `url`, `poster`; in a button \
            `title`, `action`, `url`. A key written another way (`displaytype`, `display_type`, \
            `DisplayType`, `dispayType`, `button`, `carrousel`, a slide's `imageUrl` or `link`, \
            a wallet's `passUrl`) is ignored as if it were absent: the card falls back to the \
            layout the SDK picks by itself, slides lose their images, the pass button hides. \
            The finding names the key the SDK expected; rename the key.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe", "inbox_days": 3, "data": {"display_type": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}}"#),
            RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"imageUrl": "https://cdn.example.com/1.jpg"}]}}"#),
            RuleExample(#"{"ios_title": "Your pass", "content": "Gate B12", "inbox_days": 3, "data": {"displayType": "wallet", "wallet": {"passUrl": "https://wallet.example.com/EX204.pkpass"}}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}}"#),
            RuleExample(#"{"ios_title": "Order shipped", "content": "Arrives Thursday", "inbox_days": 3, "data": {"order_id": "A-1042", "display_name": "Ann"}}"#),
        ],
        fix: RuleFix(.safe, "Renames the key to the name the SDK reads, when no other key of the object stands for it.",
                     before: RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe", "inbox_days": 3, "data": {"display_type": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}, {"image": "https://cdn.example.com/2.jpg"}]}}"#),
                     after: #"{"ios_title": "New arrivals", "content": "Swipe", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}, {"image": "https://cdn.example.com/2.jpg"}]}}"#))

    public func check(message: InspectedMessage, into report: inout Report) {
        // In a story message the story keys are IK814's; elsewhere a misspelled
        // `pw_stories` is still a custom-data key the SDK never reads.
        let isStory = message.isStory
        for key in MisspelledKey.find(in: message, places: isStory ? .exceptStories : .all)
        where !(isStory && key.isAboutStories) {
            report.add(description, at: key.value, """
                \(quoted: key.written) in \(key.place.wording) is not a key the SDK reads, so its value is \
                ignored: did you mean \(quoted: key.expected)?
                """, fix: key.fix)
        }
    }
}
