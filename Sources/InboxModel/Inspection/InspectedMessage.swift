import InboxCore

/// One message with what the analyses computed about it under the chosen profile.
///
/// An immutable final class, so the rules, the analyzer and the renderers pass one
/// reference around. The analyses are computed once in `init` and never change, so
/// sharing one instance is safe.
///
/// It is its own `message` (a subclass of `Message`): the message's fields and the
/// analyses live in one object.
public final class InspectedMessage: Message, @unchecked Sendable { // @unchecked: built by one thread, read-only once inspected
    /// The message itself.
    public var message: Message { self }
    /// Held without reference counting: every profile is one of the `SDKProfile`
    /// constants (its initialiser is internal), which live as long as the program.
    public unowned(unsafe) let profile: SDKProfile
    /// The Push Stories analysis; nil when the message is not a story (no `PW_STORIES`
    /// category and no `pw_stories` key anywhere the extension looks).
    public var story: Story? { storyBox?.story }
    /// Whether the message is a story (`story` is set), told without copying the story.
    public var isStory: Bool { storyBox != nil }
    /// What InboxKit draws for the message under `profile` (layout, buttons, pinning, …).
    ///
    /// The object's only property that needs destroying (`profile` needs none): the
    /// story and the size estimate are kept by `Message` (`storyBox`, `inspectedSize`),
    /// as a subclass with two or more such properties is freed more slowly.
    public let resolution: Resolution
    /// The APNs payload size estimate (IK901/IK902), measured once for both rules when the
    /// payload may be larger than `APNsSizeEstimate.warningThreshold` (the smallest size
    /// they report); nil when it cannot be, and for shapes that are not sent through APNs
    /// (`APNsSizeEstimate.estimate(message)` measures any message). Its `parts` are listed
    /// only above the threshold, the only case where the rules name them.
    public var sizeEstimate: APNsSizeEstimate? { inspectedSize }

    /// Reads `value` as a `shape` message (see `Normaliser`) and inspects it: the analyses
    /// read its fields before the object that holds both exists.
    ///
    /// Every argument is borrowed (`__shared`), as an initialiser otherwise takes them owned.
    convenience init(normalising value: __shared JSONValue, as shape: Shape, members: __shared MemberValues? = nil,
                     source: __shared String, language: __shared String?, profile: __shared SDKProfile,
                     forceKind: CardKind?) {
        self.init(fields: Normaliser.fields(from: value, shape: shape, source: source, language: language, members: members),
                  profile: profile, forceKind: forceKind)
    }

    /// Inspects a message already read (it is copied into the new object).
    public convenience init(message: Message, profile: SDKProfile, forceKind: CardKind? = nil) {
        self.init(fields: message.fields, profile: profile, forceKind: forceKind)
    }

    /// The analyses of `fields`, which then go into the object (one designated init for
    /// both ways in). The profile is borrowed (`__shared`), as it is only held unowned;
    /// the fields are taken owned (`__owned`) and moved into the object once the analyses
    /// have read them.
    private init(fields: __owned MessageFields, profile: __shared SDKProfile, forceKind: CardKind?) {
        self.profile = profile
        self.resolution = Resolver(profile: profile, forcedKind: forceKind).resolve(fields)
        super.init(fields: fields,
                   storyBox: Story.mayApply(to: fields) ? Story(fields: fields).map(StoryBox.init) : nil,
                   inspectedSize: APNsSizeEstimate.estimate(fields, ifOver: APNsSizeEstimate.warningThreshold))
    }
}

/// Holds the story of an `InspectedMessage` that is one (see `Message.storyBox`).
final class StoryBox: Sendable {
    let story: Story

    init(_ story: Story) {
        self.story = story
    }
}
