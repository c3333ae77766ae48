import InboxCore

/// Custom-data keys this thread found to be no misspelling of a key the SDK reads (IK210).
/// An app writes the same keys of its own (`campaign`, `order_id`) in every message: the
/// custom-data index passes over a key found harmless before (`CustomDataIndex.add`)
/// instead of leaving it to IK210's comparison with every spelling, message after message.
///
/// Whether a key is a misspelling depends on its bytes alone, so a remembered answer is
/// exact; a key that falls on a taken slot replaces the one there, which costs only its
/// comparison again.
struct HarmlessKeys {
    private var slots = [ShortKey](repeating: ShortKey(), count: 64)

    private static let thread = ThreadLocal<HarmlessKeys> { _ in HarmlessKeys() }

    /// Whether `key` was found harmless on this thread (the empty key, never asked, fills
    /// the free slots).
    static func contains(_ key: ShortKey) -> Bool {
        thread.withValue { $0.slots[key.slot] == key }
    }

    static func remember(_ key: ShortKey) {
        thread.withValue { $0.slots[key.slot] = key }
    }
}
