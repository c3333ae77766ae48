/// One message with what the analyses computed about it under the chosen profile.
public struct InspectedMessage: Sendable {
    public var message: Message
    public var profile: SDKProfile
    /// The Push Stories analysis; nil when the message is not a story (no `PW_STORIES`
    /// category and no `pw_stories` key anywhere the extension looks).
    public var story: Story?
    /// What InboxKit draws for the message under `profile` (layout, buttons, pinning, …).
    public var resolution: Resolution
    /// The APNs payload size estimate (IK901/IK902), measured once for both rules; nil for
    /// shapes that are not sent through APNs. Its `parts` are listed only above
    /// `APNsSizeEstimate.warningThreshold`, the only case where the rules name them.
    public var sizeEstimate: APNsSizeEstimate?

    public init(message: Message, profile: SDKProfile, forceKind: CardKind? = nil) {
        self.message = message
        self.profile = profile
        self.resolution = Resolver(profile: profile, forcedKind: forceKind).resolve(message)
        self.story = Story(message: message)
        self.sizeEstimate = APNsSizeEstimate.estimate(message, itemisingAbove: APNsSizeEstimate.warningThreshold)
    }
}
