/// IK203: the requested layout falls back to `classic` because its data is missing.
public struct DegradedLayout: MessageRule {
    public init() {}
    /// It looks only at a layout that degraded.
    public static let needs: MessageFacts = [.degraded]
    public let description = RuleDescription(
        code: "IK203", severity: .error, title: "Requested layout degraded to classic",
        explanation: """
            When the data a layout needs is missing, the SDK draws a plain `classic` card \
            instead of the one requested and only logs a warning on the device. banner needs \
            an image; captioned an image (and, in the guide, a title and a body); \
            carousel at least one slide with an image (the guide: also a title and a body); \
            video a descriptor with an http(s) `url`; wallet an http(s) pass URL. SDK 7.0 \
            takes the image only from the message itself (`inbox_image`), never from custom \
            data. The finding names every missing piece at once (a carousel with no slides and \
            no body says both), so one edit fixes the card.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through this week's drops", "inbox_days": 3, "data": {"displayType": "carousel"}}"#),
            RuleExample(#"{"ios_title": "Summer sale", "content": "30% off", "inbox_days": 3, "data": {"displayType": "banner", "image": "https://cdn.example.com/summer.png"}}"#,
                        profile: .v7_0),
            RuleExample(#"{"ios_title": "New arrivals", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": []}}"#),
        ],
        passes: [
            RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through this week's drops", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}}"#),
            RuleExample(#"{"ios_title": "Summer sale", "content": "30% off", "inbox_days": 3, "data": {"displayType": "banner", "image": "https://cdn.example.com/summer.png"}}"#,
                        profile: .v7_1),
        ])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard message.resolution.degradation != nil, let displayType = message.resolution.displayType else { return }
        // Every missing piece at once, so one edit fixes the card.
        let requirements = message.resolution.profile.requirements(of: message.resolution.requested)
        let facts = message.resolution.facts
        var text = Phrase.StringInterpolation(literalCapacity: 200, interpolationCount: 0)
        text.appendLiteral("displayType ")
        text.appendInterpolation(quoted: displayType.source)
        text.appendLiteral(" asks for a ")
        text.appendInterpolation(message.resolution.requested.staticName)
        text.appendLiteral(" card, but ")
        text.appendInterpolation(sdkOf: message)
        text.appendLiteral(" draws classic instead (")
        var first = true
        for requirement in requirements where !facts.has(requirement) {
            if !first { text.appendLiteral(", ") }
            first = false
            text.appendInterpolation(requirement.staticReason)
        }
        text.appendLiteral("): ")
        first = true
        for requirement in requirements where !facts.has(requirement) {
            if !first { text.appendLiteral("; ") }
            first = false
            Self.detail(requirement, of: message, into: &text)
        }
        report.add(description, at: displayType.source, Phrase(stringInterpolation: text))
    }

    /// Why the requirement is not met, in terms of the payload's own fields, appended to
    /// the finding's text.
    static func detail(_ missing: CardRequirement, of message: InspectedMessage,
                       into text: inout Phrase.StringInterpolation) {
        switch missing {
        case .image:
            text.appendInterpolation(ValueWording.imageField(message.shape))
            if !message.profile.usesCustomDataImage, ResolvedImage.customDataImage(in: message.actionParams) != nil {
                text.appendLiteral(" is missing or empty, and SDK ")
                text.appendInterpolation(message.profile.name)
                text.appendLiteral(" never uses the custom-data image")
            } else {
                text.appendLiteral(" is missing or empty and there is no custom-data image")
            }
        case .title, .body:
            text.appendInterpolation(missing == .title ? ValueWording.titleField(message.shape) : ValueWording.bodyField(message.shape))
            text.appendLiteral(" is missing or empty, and ")
            text.appendInterpolation(sdkOf: message)
            text.appendLiteral(missing == .title ? " needs a title for a " : " needs a body for a ")
            text.appendInterpolation(message.resolution.requested.staticName)
            text.appendLiteral(" card")
        case .slides:
            if let carousel = message.resolution.carousel {
                if carousel.source.count == 0 {
                    text.appendLiteral("the carousel array is empty")
                } else {
                    text.appendLiteral("none of the ")
                    text.appendInterpolation(carousel.source.count)
                    text.appendLiteral(" carousel elements is a slide with a non-empty image")
                }
            } else {
                text.appendLiteral("there is no carousel array")
            }
        case .videoDescriptor:
            if let video = message.resolution.video {
                text.appendInterpolation(problem: video.problem ?? .noURL)
            } else {
                text.appendLiteral("there is no video object")
            }
        case .passURL:
            text.appendLiteral(message.resolution.rejectedWallets.isEmpty ? "there is no wallet pass URL"
                                                                            : "no wallet value holds an http(s) pass URL")
        }
    }
}
