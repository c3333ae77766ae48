import InboxCore

/// One page of a story as the extension plays it, read from one element of `pages`
/// exactly as the SDK parses it (BEHAVIOUR §7), with the values it came from so findings
/// point at them.
public struct StoryPage: Sendable {
    /// Seconds a page shows when `duration` is absent or unusable.
    public static let defaultDuration: Double = 5
    /// The longest a page shows; a longer `duration` is cut to this.
    public static let maximumDuration: Double = 30

    /// Position of the page in `pages` (0-based), counting dropped pages.
    public var index: Int
    /// The page object.
    public var value: JSONValue
    /// Seconds on screen, after the SDK's defaults and clamping.
    public var duration: Double
    /// What happened to `duration` on the way, when it was not used as written.
    public var durationNote: DurationNote?
    /// `link` was given but cannot be used (no scheme, not a string).
    public var droppedLink: JSONValue?
    /// Nodes of the `image` member (a string with a scheme), of `link` when it has a
    /// scheme, and of `button_title`, `title` and `subtitle` when they are non-empty
    /// strings (-1 otherwise): the strings are decoded when asked (renderers, findings),
    /// not for every page of every story.
    let imageNode: Int32
    let linkNode: Int32
    let buttonTitleNode: Int32
    let titleNode: Int32
    let subtitleNode: Int32

    /// The full-screen image URL (always has a scheme: other pages are dropped).
    public var image: String { value.value(atNode: imageNode)?.string ?? "" }
    /// The deep link of the page button, when `link` has a scheme.
    public var link: String? { value.value(atNode: linkNode)?.string }
    public var buttonTitle: String? { value.value(atNode: buttonTitleNode)?.string }
    public var title: String? { value.value(atNode: titleNode)?.string }
    public var subtitle: String? { value.value(atNode: subtitleNode)?.string }

    /// The page button appears only with both a usable `link` and a `button_title`.
    public var showsButton: Bool { linkNode >= 0 && buttonTitleNode >= 0 }

    /// What the SDK did with a `duration` it could not use as written.
    public enum DurationNote: Sendable {
        /// A JSON boolean, read as a number: `true` plays 1 s, `false` (0) falls to the default.
        case boolean(Bool, JSONValue)
        /// Not a number at all (a string, null, an object): the default applies.
        case notANumber(JSONValue)
        /// Zero or negative: the default applies.
        case notPositive(Double, JSONValue)
        /// Too large to be a number (`1e999`): the default applies.
        case notFinite(JSONValue)
        /// Above the maximum: cut to 30 s.
        case clamped(Double, JSONValue)
    }
}

/// A page the SDK leaves out because its `image` is not a URL with a scheme.
public struct DroppedStoryPage: Sendable {
    public enum Reason: Sendable {
        /// No `image` key.
        case noImage
        /// `image` is there but is not a string.
        case imageNotText(JSONValue)
        /// `image` is a string without a scheme (empty, relative, a bare host).
        case imageWithoutScheme(String, JSONValue)
        /// `image` has a scheme, but iOS's `URL(string:)` returns nil for it.
        case imageRejected(URLRejection, JSONValue)
    }

    public var index: Int
    public var value: JSONValue
    public var reason: Reason
}

/// Reads `pages` elements into pages; the story analysis decides what a bad array means.
enum StoryPageReader {
    enum Outcome {
        case page(StoryPage)
        case dropped(DroppedStoryPage)
    }

    /// The page for one object element, or why it is dropped.
    static func read(_ value: JSONValue, index: Int) -> Outcome {
        let member = value.members(pageKeys)
        guard let imageValue = member[0] else {
            return .dropped(DroppedStoryPage(index: index, value: value, reason: .noImage))
        }
        guard imageValue.kind == .string else {
            return .dropped(DroppedStoryPage(index: index, value: value, reason: .imageNotText(imageValue)))
        }
        let imageMark = SchemeMark.of(imageValue)
        if imageMark == .rejected, let reason = URLReading.of(imageValue)?.rejection {
            return .dropped(DroppedStoryPage(index: index, value: value, reason: .imageRejected(reason, imageValue)))
        }
        guard imageMark.isUsable else {
            return .dropped(DroppedStoryPage(index: index, value: value,
                                             reason: .imageWithoutScheme(imageValue.string ?? "", imageValue)))
        }
        let (duration, note) = duration(member[1])
        var linkNode: Int32 = -1
        var droppedLink: JSONValue?
        if let link = member[2] {
            if SchemeMark.of(link).isUsable {
                linkNode = Int32(truncatingIfNeeded: link.index)
            } else if link.kind != .string || link.isNonEmptyString {
                droppedLink = link // an empty link is simply no link
            }
        }
        return .page(StoryPage(index: index, value: value, duration: duration, durationNote: note,
                               droppedLink: droppedLink, imageNode: Int32(truncatingIfNeeded: imageValue.index),
                               linkNode: linkNode, buttonTitleNode: textNode(member[3]),
                               titleNode: textNode(member[4]), subtitleNode: textNode(member[5])))
    }

    /// A page's members, by position in `read`, looked up in one pass.
    private static let pageKeys = MemberNames(["image", "duration", "link", "button_title", "title", "subtitle"])

    /// `duration`: a JSON number, default 5 s; ≤0, non-finite or non-number → 5 s;
    /// above 30 s → 30 s. A boolean reads as a number (true = 1, false = 0).
    static func duration(_ value: JSONValue?) -> (Double, StoryPage.DurationNote?) {
        guard let value else { return (StoryPage.defaultDuration, nil) }
        if let flag = value.bool {
            return (flag ? 1 : StoryPage.defaultDuration, .boolean(flag, value))
        }
        guard let seconds = value.number else { return (StoryPage.defaultDuration, .notANumber(value)) }
        if !seconds.isFinite { return (StoryPage.defaultDuration, .notFinite(value)) }
        if seconds <= 0 { return (StoryPage.defaultDuration, .notPositive(seconds, value)) }
        if seconds > StoryPage.maximumDuration { return (StoryPage.maximumDuration, .clamped(seconds, value)) }
        return (seconds, nil)
    }

    /// `button_title`, `title`, `subtitle`: a non-empty string, else absent (-1). Every
    /// escape decodes to at least one character, so the raw length tells emptiness.
    static func textNode(_ value: JSONValue?) -> Int32 {
        guard let value, value.isNonEmptyString else { return -1 }
        return Int32(truncatingIfNeeded: value.index)
    }
}
