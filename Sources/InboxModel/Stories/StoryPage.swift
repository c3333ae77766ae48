/// One page of a story as the extension plays it, read from one element of `pages`
/// exactly as the SDK parses it (SPEC §7), with the values it came from so findings
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
    /// The full-screen image URL (always has a scheme: other pages are dropped).
    public var image: String
    /// Seconds on screen, after the SDK's defaults and clamping.
    public var duration: Double
    /// What happened to `duration` on the way, when it was not used as written.
    public var durationNote: DurationNote?
    /// The deep link of the page button, when `link` has a scheme.
    public var link: String?
    /// `link` was given but cannot be used (no scheme, not a string).
    public var droppedLink: JSONValue?
    public var buttonTitle: String?
    public var title: String?
    public var subtitle: String?

    /// The page button appears only with both a usable `link` and a `button_title`.
    public var showsButton: Bool { link != nil && buttonTitle != nil }

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
        guard let imageValue = value["image"] else {
            return .dropped(DroppedStoryPage(index: index, value: value, reason: .noImage))
        }
        guard let image = imageValue.string else {
            return .dropped(DroppedStoryPage(index: index, value: value, reason: .imageNotText(imageValue)))
        }
        guard URLScheme.of(image) != nil else {
            return .dropped(DroppedStoryPage(index: index, value: value, reason: .imageWithoutScheme(image, imageValue)))
        }
        let (duration, note) = duration(value["duration"])
        var page = StoryPage(index: index, value: value, image: image, duration: duration, durationNote: note,
                             link: nil, droppedLink: nil, buttonTitle: text(value["button_title"]),
                             title: text(value["title"]), subtitle: text(value["subtitle"]))
        if let link = value["link"] {
            if let url = link.string, URLScheme.of(url) != nil {
                page.link = url
            } else if !(link.string?.isEmpty ?? false) {
                page.droppedLink = link  // an empty link is simply no link
            }
        }
        return .page(page)
    }

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

    /// `button_title`, `title`, `subtitle`: a non-empty string, else absent.
    static func text(_ value: JSONValue?) -> String? {
        guard let text = value?.string, !text.isEmpty else { return nil }
        return text
    }
}
