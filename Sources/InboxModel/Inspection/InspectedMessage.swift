/// One message with what the analyses computed about it under the chosen profile.
public struct InspectedMessage: Sendable {
    public var message: Message
    public var profile: SDKProfile

    public init(message: Message, profile: SDKProfile) {
        self.message = message
        self.profile = profile
    }
}
