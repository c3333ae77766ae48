import InboxCore

/// The image a card uses under a profile (BEHAVIOUR §5): the message's own image when
/// non-empty; from 7.1 on, else the first non-empty custom-data `image` (§3).
public struct ResolvedImage: Sendable {
    public enum Origin: Equatable, Sendable {
        /// The message's own field (`inbox_image`, `inbox_params.image`, `image`, `imageUrl`).
        case message(Message.ImageOrigin)
        /// The custom-data `image`, found at this place.
        case customData(LookupPlace)
    }

    /// The non-empty string holding the URL.
    public var source: JSONValue
    public var origin: Origin

    /// The URL, decoded when asked (renderers; rules read `source`).
    public var url: String { source.string ?? "" }

    static func find(for message: MessageFields, profile: SDKProfile) -> ResolvedImage? {
        for source in profile.imageSources {
            switch source {
            case .message:
                if let image = message.image, image.value.isNonEmptyString {
                    return ResolvedImage(source: image.value, origin: .message(image.origin))
                }
            case .customData:
                if let found = message.actionParams.lookup(.image, accept: { $0.isNonEmptyString ? true : nil }) {
                    return ResolvedImage(source: found.source, origin: .customData(found.place))
                }
            }
        }
        return nil
    }

    /// The custom-data `image` (an empty string counts as absent and the walk moves on),
    /// whatever the profile: IK305 compares it with the message's own image.
    public static func customDataImage(in params: ActionParams) -> Found<String>? {
        params.lookup(.image) { value in
            guard let url = value.string, !url.isEmpty else { return nil }
            return url
        }
    }
}
