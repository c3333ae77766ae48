/// IK203: the requested layout falls back to `classic` because its data is missing.
public struct DegradedLayout: MessageRule {
    public init() {}
    public let description = RuleDescription(
        code: "IK203", severity: .error, title: "Requested layout degraded to classic",
        explanation: """
            When the data a layout needs is missing, the SDK draws a plain `classic` card \
            instead of the one requested and only logs a warning on the device. banner needs \
            an image; captioned an image (and, in the newest SDK, a title and a body); \
            carousel at least one slide with an image (newest SDK: also a title and a body); \
            video a descriptor with an http(s) `url`; wallet an http(s) pass URL. SDK 7.0 \
            takes the image only from the message itself (`inbox_image`), never from custom \
            data. The finding names the missing piece.
            """,
        triggers: [
            RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through this week's drops", "inbox_days": 3, "data": {"displayType": "carousel"}}"#),
            RuleExample(#"{"ios_title": "Summer sale", "content": "30% off", "inbox_days": 3, "data": {"displayType": "banner", "image": "https://cdn.example.com/summer.png"}}"#,
                        profile: .v7_0),
        ],
        passes: [
            RuleExample(#"{"ios_title": "New arrivals", "content": "Swipe through this week's drops", "inbox_days": 3, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}}"#),
            RuleExample(#"{"ios_title": "Summer sale", "content": "30% off", "inbox_days": 3, "data": {"displayType": "banner", "image": "https://cdn.example.com/summer.png"}}"#,
                        profile: .v7_1),
        ])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard let missing = message.resolution.degradation, let displayType = message.resolution.displayType else { return }
        report.add(description, at: displayType.source, """
            displayType \(quoted: displayType.text) asks for a \(message.resolution.requested.rawValue) card, but \
            \(sdk: message.resolution.profile) draws classic instead (\(missing.reason)): \
            \(Self.detail(missing, of: message))
            """)
    }

    /// Why the requirement is not met, in terms of the payload's own fields. Takes the
    /// shared inspected message: passing its `Resolution` by value copied (retained and
    /// released) every string and array of it for each finding.
    static func detail(_ missing: CardRequirement, of inspected: InspectedMessage) -> Phrase {
        let message = inspected.message
        let profile = inspected.resolution.profile
        let kind = inspected.resolution.requested.rawValue
        switch missing {
        case .image:
            let field = ValueWording.imageField(message.shape)
            if !profile.usesCustomDataImage, ResolvedImage.customDataImage(in: message.actionParams) != nil {
                return "\(field) is missing or empty, and SDK \(profile.name) never uses the custom-data image"
            }
            return "\(field) is missing or empty and there is no custom-data image"
        case .title:
            return """
                \(ValueWording.titleField(message.shape)) is missing or empty, and \
                \(sdk: profile) needs a title for a \(kind) card
                """
        case .body:
            return """
                \(ValueWording.bodyField(message.shape)) is missing or empty, and \
                \(sdk: profile) needs a body for a \(kind) card
                """
        case .slides:
            guard let carousel = inspected.resolution.carousel else { return "there is no carousel array" }
            if carousel.source.count == 0 { return "the carousel array is empty" }
            return "none of the \(carousel.source.count) carousel elements is a slide with a non-empty image"
        case .videoDescriptor:
            guard let video = inspected.resolution.video else { return "there is no video object" }
            return "\(problem: video.problem ?? .noURL)"
        case .passURL:
            if inspected.resolution.rejectedWallets.isEmpty { return "there is no wallet pass URL" }
            return "no wallet value holds an http(s) pass URL"
        }
    }
}
