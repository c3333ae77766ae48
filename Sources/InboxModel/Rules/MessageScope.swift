/// The messages a message rule can have findings for, by what they have: a rule narrows
/// its `MessageRule.scope` when its check finds nothing in any other message (a button
/// rule walks the buttons, and a message without any has none to walk). The analyzer then
/// offers the message only to the rules whose scope it is in, chosen once per message
/// (`RuleChecks`): a call that returns at once still cost some forty instructions, and
/// most messages have no buttons and no carousel.
///
/// Only an optimisation: a rule offered a message outside its scope still finds nothing
/// (`RuleScopeTests` compares the two on every example and many more payloads).
public struct MessageScope: OptionSet, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Messages with at least one button (`Resolution.buttons.buttons`, the buttons kept).
    public static let buttons = MessageScope(rawValue: 1 << 0)
    /// Messages with a carousel array (`Resolution.carousel`).
    public static let carousel = MessageScope(rawValue: 1 << 1)
    /// Inbox messages (`Shape.inbox`).
    public static let inbox = MessageScope(rawValue: 1 << 2)
    /// Every message: the scope of a rule that does not narrow it.
    public static let every: MessageScope = []

    /// How many different sets of scopes a message can be in (the raw values are below it).
    static let combinations = 8

    /// The scopes `message` is in. Read in place: binding the buttons or the carousel
    /// would copy (retain) their lists.
    static func of(_ message: InspectedMessage) -> MessageScope {
        var scope = MessageScope.every
        if !message.resolution.buttons.buttons.isEmpty { scope.insert(.buttons) }
        if message.resolution.carousel != nil { scope.insert(.carousel) }
        if message.message.shape == .inbox { scope.insert(.inbox) }
        return scope
    }
}
