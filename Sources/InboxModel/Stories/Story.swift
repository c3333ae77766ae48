import InboxCore

/// The Push Stories analysis of one message (BEHAVIOUR §7): the block the extension reads,
/// the pages it plays and when, or why it shows the default notification instead.
///
/// A message is a story when it has category `PW_STORIES` or a `pw_stories` key anywhere
/// the extension looks; for every other message `Story(message:)` is nil, so the IK8xx
/// rules and the `stories` command leave plain inbox messages alone.
public struct Story: Sendable {
    /// The category identifier the extension is registered for.
    public static let category = "PW_STORIES"

    /// `ios_category_custom` / `aps.category` as delivered (nil when absent).
    public var categoryValue: JSONValue?
    /// Whether this message's shape carries a category at all (a push or a notification);
    /// an inbox record or an SDK message view does not, so nothing is said about it.
    public var carriesCategory: Bool
    public var lookup: StoryBlockLookup
    /// The pages the extension plays, in order.
    public var pages: [StoryPage]
    /// Pages left out for lack of a usable image.
    public var droppedPages: [DroppedStoryPage]
    /// Why the extension shows the default notification content instead of the story.
    public var fallback: StoryFallback?
    /// When each page plays, laid out when asked (the `stories` command): no rule reads
    /// it, and every story built a list of slots for `validate`.
    public var timeline: StoryTimeline { StoryTimeline(pages: pages) }
    /// `aps.mutable-content` (push) / `ios_root_params.aps.mutable-content` (notification).
    public var mutableContent: MutableContent
    /// The values above only borrow the message's documents; these keep them valid for as
    /// long as the story is kept.
    let owners: DocumentOwners

    /// The category as text, when it is a string.
    public var category: String? { categoryValue?.string }
    /// Whether iOS hands this notification to the story content extension.
    public var hasStoryCategory: Bool { categoryValue?.stringEquals(Self.category) ?? false }
    public var isFallback: Bool { fallback != nil }

    /// What the payload says about media pre-caching.
    public enum MutableContent: Sendable {
        /// `mutable-content: 1`: a Notification Service Extension can pre-cache pages.
        case enabled
        /// Absent or another value (`found`); `aps` is the object it belongs in, when there is one.
        case missing(found: JSONValue?, aps: JSONValue?)
        /// The shape does not carry `aps` (inbox record, SDK message view).
        case notApplicable
    }

    /// Whether `Story(message:)` can be anything but nil: the category test and the
    /// custom-data index, without building the lookup. Asked for every message before the
    /// (large) optional story is built.
    @inline(__always)
    static func mayApply(to message: MessageFields) -> Bool {
        if message.actionParams.mayHoldStoryBlock { return true }
        guard let categoryValue = message.category else { return false }
        return categoryValue.stringEquals(category)
    }

    public init?(message: Message) {
        self.init(fields: message.fields)
    }

    /// `message` is borrowed (`__shared`), as an initialiser otherwise takes it owned.
    init?(fields message: __shared MessageFields) {
        // Almost no message is a story: answered from the category and the custom-data
        // index before any lookup is built.
        let categoryValue = message.category
        let hasStoryCategory = categoryValue?.stringEquals(Self.category) ?? false
        guard hasStoryCategory || message.actionParams.mayHoldStoryBlock else { return nil }
        let lookup = StoryBlockLookup.find(in: message.actionParams)
        guard lookup.mentionsStories || hasStoryCategory else { return nil }
        self.owners = message.owners
        self.lookup = lookup
        self.categoryValue = categoryValue
        carriesCategory = message.shape == .push || message.shape == .notification || message.shape == .request
        mutableContent = Self.mutableContent(of: message, applies: carriesCategory)
        let reading = Self.read(lookup.block)
        pages = reading.pages
        droppedPages = reading.dropped
        fallback = reading.fallback
    }

    /// Reads `pw_stories.pages` as the SDK does; any failure leaves no page and a reason.
    private static func read(_ block: JSONValue?)
        -> (pages: [StoryPage], dropped: [DroppedStoryPage], fallback: StoryFallback?) {
        guard let block else { return ([], [], .noBlock) }
        guard let array = block["pages"] else { return ([], [], .pagesMissing(block: block)) }
        guard array.kind == .array else { return ([], [], .pagesNotArray(array)) }
        // The elements are walked in place (twice: one that is not an object rejects the
        // whole array), not copied into an array of values first.
        let count = Int(array.node.count)
        guard count > 0 else { return ([], [], .pagesEmpty(array)) }
        var index = 0
        var nonObject: (element: JSONValue, index: Int)?
        array.forEachElement { element in
            if nonObject == nil, element.kind != .object { nonObject = (element, index) }
            index += 1
        }
        if let nonObject {
            return ([], [], .nonObjectPage(pages: array, element: nonObject.element, index: nonObject.index))
        }
        var pages: [StoryPage] = []
        pages.reserveCapacity(count) // most pages are usable
        var dropped: [DroppedStoryPage] = []
        index = 0
        array.forEachElement { element in
            switch StoryPageReader.read(element, index: index) {
            case .page(let page): pages.append(page)
            case .dropped(let page): dropped.append(page)
            }
            index += 1
        }
        return (pages, dropped, pages.isEmpty ? .noUsablePage(pages: array, dropped: dropped.count) : nil)
    }

    private static func mutableContent(of message: MessageFields, applies: Bool) -> MutableContent {
        guard applies else { return .notApplicable }
        let aps = message.rootParams?["aps"].flatMap { $0.kind == .object ? $0 : nil }
        let flag = aps?["mutable-content"]
        if let flag, flag.number == 1 { return .enabled }
        return .missing(found: flag, aps: aps)
    }
}

/// Why the story extension shows the notification's default content (its title and
/// body) instead of the story; the SDK calls this the fallback.
public enum StoryFallback: Sendable {
    /// No `pw_stories` object at the root, in `u` or in `userdata` (IK801).
    case noBlock
    /// The block has no `pages` (IK802).
    case pagesMissing(block: JSONValue)
    /// `pages` is not an array (IK802).
    case pagesNotArray(JSONValue)
    /// `pages` is an empty array (IK802).
    case pagesEmpty(JSONValue)
    /// One element of `pages` is not an object, so the whole array is rejected (IK803).
    case nonObjectPage(pages: JSONValue, element: JSONValue, index: Int)
    /// Every page was dropped for lack of a usable image (IK802, with IK804 per page).
    case noUsablePage(pages: JSONValue, dropped: Int)

    /// A short reason, like the resolver's degradation reasons.
    public var reason: String {
        switch self {
        case .noBlock: return "no pw_stories block"
        case .pagesMissing: return "no pages"
        case .pagesNotArray: return "pages is not an array"
        case .pagesEmpty: return "pages is empty"
        case .nonObjectPage(_, _, let index): return "page \(index + 1) is not an object"
        case .noUsablePage: return "no page has a usable image"
        }
    }
}
