/// One carousel slide the SDK shows (SPEC §5): a non-empty string `image`, an optional
/// caption and an optional link.
public struct Slide: Equatable, Sendable {
    public var image: String
    /// The caption; an empty or non-string `title` counts as absent.
    public var title: String?
    /// The link opened on tap; kept only with a scheme.
    public var url: String?
    /// The slide object.
    public var source: JSONValue
    /// A `url` member the SDK drops while keeping the slide (no scheme, not a string).
    public var droppedURL: JSONValue?
    /// The `image` member (a non-empty string), kept for the URL checks.
    public var imageValue: JSONValue
    /// The `url` member, when present (whatever its type).
    public var urlValue: JSONValue?
    /// `URLScheme.of(url)`, worked out while decoding (a kept link always has one).
    public var urlScheme: String?

    public static func == (lhs: Slide, rhs: Slide) -> Bool {
        lhs.image == rhs.image && lhs.title == rhs.title && lhs.url == rhs.url
    }
}

/// A carousel element the SDK drops, and why (IK402).
public struct DroppedSlide: Error, Sendable {
    public enum Reason: Equatable, Sendable {
        case notAnObject
        case noImage
        case imageNotAString
        case emptyImage
    }

    public var source: JSONValue
    public var reason: Reason
}
