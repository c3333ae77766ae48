/// The order the inbox feed shows messages in (BEHAVIOUR §5): pinned first, then unread
/// before read, then the newest `sendDate` first. Ties keep their input order, so the
/// result is stable and reproducible.
public enum FeedOrder {
    /// What the feed sorts a message by.
    public struct Key: Sendable {
        public var pinned: Bool
        /// A message that carries no read state (a notification about to be sent) is unread.
        public var unread: Bool
        public var sendDate: SendDate

        public init(pinned: Bool, unread: Bool, sendDate: SendDate) {
            self.pinned = pinned
            self.unread = unread
            self.sendDate = sendDate
        }

        public init(_ message: Message, _ resolution: Resolution) {
            self.init(pinned: resolution.pinned, unread: !(message.isRead ?? false), sendDate: SendDate(message.sendDate))
        }

        /// Whether `self` comes before `other` in the feed.
        func precedes(_ other: Key) -> Bool {
            if pinned != other.pinned { return pinned }
            if unread != other.unread { return unread }
            return sendDate > other.sendDate
        }
    }

    /// Indices of `keys` in feed order.
    public static func order(_ keys: [Key]) -> [Int] {
        keys.indices.sorted { a, b in
            if keys[a].precedes(keys[b]) { return true }
            if keys[b].precedes(keys[a]) { return false }
            return a < b
        }
    }
}
