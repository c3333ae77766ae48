import InboxCore

/// One carousel slide the SDK shows (BEHAVIOUR §5): a non-empty string `image`, an optional
/// caption and an optional link.
///
/// Holds the slide object and the node indexes of its members, and decodes a string only
/// when asked: every slide of every message is decoded and checked (scheme, characters)
/// from the bytes, but its strings are read only by renderers and by rules that report.
/// One document reference per slide, so slides are cheap to copy and destroy.
public struct Slide: Equatable, Sendable {
    /// The slide object.
    public var source: JSONValue
    /// Node of the `image` member (a non-empty string).
    let imageNode: Int32
    /// Node of a non-empty string `title`, -1 when there is none.
    let titleNode: Int32
    /// Node of the `url` member whatever its type, -1 when absent.
    let urlNode: Int32
    /// What became of the `url` member.
    let link: Link

    /// The `url` member: kept (a string with a scheme), dropped (meant as a link but not
    /// usable), rejected (a scheme, but iOS's `URL(string:)` returns nil), or no link at
    /// all (absent, empty string, null).
    enum Link: Equatable, Sendable {
        case none
        case kept(scheme: SchemeMark, isAsWritten: Bool)
        case dropped
        case rejected
    }

    init(source: JSONValue, imageNode: Int32, titleNode: Int32, urlNode: Int32, link: Link) {
        self.source = source
        self.imageNode = imageNode
        self.titleNode = titleNode
        self.urlNode = urlNode
        self.link = link
    }

    public var image: String { imageValue.string ?? "" }
    /// The caption; an empty or non-string `title` counts as absent.
    public var title: String? { source.value(atNode: titleNode)?.string }
    /// The link opened on tap; kept only with a scheme.
    public var url: String? {
        guard case .kept = link else { return nil }
        return urlValue?.string
    }
    /// A `url` member the SDK drops while keeping the slide (no scheme, not a string).
    public var droppedURL: JSONValue? { link == .dropped ? urlValue : nil }
    /// The `image` member (a non-empty string), kept for the URL checks.
    public var imageValue: JSONValue { source.sibling(Int(imageNode)) }
    /// The `url` member, when present (whatever its type).
    public var urlValue: JSONValue? { source.value(atNode: urlNode) }
    /// `URLScheme.of(url)`, worked out while decoding (a kept link always has one).
    public var urlScheme: String? {
        guard case .kept(let scheme, _) = link else { return nil }
        return scheme.name(in: urlValue)
    }

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
