/// IK204: no usable `displayType`, so the SDK chose the layout itself.
public struct HeuristicLayout: MessageRule {
    public init() {}
    /// It looks only at a layout the SDK chose by itself.
    public static let needs: MessageFacts = [.heuristic]
    public let description = RuleDescription(
        code: "IK204", severity: .info, title: "Layout chosen by heuristic",
        explanation: """
            Without a `displayType` the SDK picks the layout from the message: an image and no \
            title make a banner; an image and a title (the guide: and a body) make a captioned \
            card; anything else is classic. Set `displayType` to make the choice explicit, so \
            that editing the title or the image does not change the layout. Reported only when \
            the choice is a banner or captioned card (a classic card is what a plain message is \
            expected to be), and not for story pushes or messages that never reach the inbox.
            """,
        triggers: [RuleExample(#"{"ios_title": "Weekend flash sale", "content": "30% off until Sunday", "inbox_image": "https://cdn.example.com/sale.jpg", "inbox_days": 3}"#)],
        passes: [RuleExample(#"{"ios_title": "Weekend flash sale", "content": "30% off until Sunday", "inbox_image": "https://cdn.example.com/sale.jpg", "inbox_days": 3, "data": {"displayType": "captioned"}}"#),
                 RuleExample(#"{"ios_title": "Order shipped", "content": "Arrives Thursday", "inbox_days": 3}"#),
                 RuleExample(#"{"ios_title": "New looks", "content": "Tap to play", "inbox_image": "https://cdn.example.com/s.jpg", "ios_category_custom": "PW_STORIES", "ios_root_params": {"pw_stories": {"pages": [{"image": "https://cdn.example.com/1.jpg"}]}}}"#),
                 RuleExample(#"{"ios_title": "Weekend flash sale", "content": "30% off", "inbox_image": "https://cdn.example.com/sale.jpg", "inbox_days": 3, "platforms": [3]}"#)])

    public func check(message: InspectedMessage, into report: inout Report) {
        guard Self.surprises(message) else { return }
        let text: Phrase = """
            no displayType, so \(sdkOf: message) picks the layout itself: \
            \(message.resolution.requested.staticName), because the message has \(ValueWording.heuristicFacts(message.resolution.facts))
            """
        report.add(description, at: message.value, text)
    }

    /// Whether the SDK's own choice is one a reader of the payload may not expect: a banner
    /// or captioned card where no displayType was written. Not for a classic card (what a
    /// reader expects of a plain message), a story push, a message that never reaches an
    /// iPhone's inbox, or one whose intent another rule already reports (an unknown or
    /// misspelled displayType, IK201/IK210; carousel, video or wallet data, IK211).
    static func surprises(_ message: InspectedMessage) -> Bool {
        guard message.resolution.requestedBy == .heuristic, message.resolution.displayType == nil,
              message.resolution.requested == .banner || message.resolution.requested == .captioned,
              !message.isStory, DeliveryVerdict.notInInbox(message) == nil,
              CardIntent.richData(of: message.resolution) == nil else { return false }
        if let platforms = message.platforms, platforms.kind == .array {
            var hasIOS = false
            platforms.forEachElement { if PlatformsLackIOS.isIOS($0) { hasIOS = true } }
            if !hasIOS { return false }
        }
        return !CardIntent.hasMisspelledDisplayType(message)
    }
}
