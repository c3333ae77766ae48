/// When each page plays: pages follow each other without a gap, each for its duration,
/// and the story ends after the last one (the SDK's default; it does not loop).
public struct StoryTimeline: Sendable {
    /// One page's slot, in seconds from the moment the notification is expanded.
    public struct Slot: Sendable, Equatable {
        public var start: Double
        public var end: Double
    }

    public var slots: [Slot]
    /// Seconds from the first page to the end of the last.
    public var totalDuration: Double

    /// Lays the durations end to end. Times are rounded to the millisecond so that
    /// 0.1 + 0.2 reads as 0.3, which is also finer than any animation frame.
    public init(durations: [Double]) {
        self.init(durations.count, durations)
    }

    /// The timeline of `pages`, read from them (no list of durations made first).
    init(pages: [StoryPage]) {
        self.init(pages.count, pages.lazy.map(\.duration))
    }

    /// `count` durations laid end to end.
    @inline(__always)
    private init<Durations: Sequence<Double>>(_ count: Int, _ durations: Durations) {
        var slots: [Slot] = []
        slots.reserveCapacity(count)
        var elapsed = 0.0
        for duration in durations {
            let end = Self.milliseconds(elapsed + duration)
            slots.append(Slot(start: Self.milliseconds(elapsed), end: end))
            elapsed += duration
        }
        self.slots = slots
        totalDuration = Self.milliseconds(elapsed)
    }

    static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }
}

/// What a tap does while a story plays. The extension splits the page into thirds;
/// horizontal swipes are deliberately unused because they dismiss the notification.
public enum StoryTapZone: String, CaseIterable, Sendable {
    case leftThird = "left third"
    case rightThird = "right third"
    case pageButton = "page button"

    /// The effect, in words a person reads in the storyboard.
    public var effect: String {
        switch self {
        case .leftThird: return "back"
        case .rightThird: return "next"
        case .pageButton: return "opens its link and dismisses the notification"
        }
    }
}
