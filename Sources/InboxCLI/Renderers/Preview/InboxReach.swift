import InboxModel

/// Whether a message reaches the inbox on iPhones, and the reasons when it does not: the
/// model's `DeliveryVerdict`, as the preview shows it.
struct InboxReach {
    var reaches: Bool
    /// Why it never shows on iPhones (empty when it reaches the inbox).
    var reasons: [String]

    init(_ message: InspectedMessage) {
        let verdict = DeliveryVerdict(message)
        reaches = verdict.shows
        reasons = verdict.blocking
    }
}
