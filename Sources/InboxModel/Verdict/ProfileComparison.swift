/// What one message becomes under each SDK profile, side by side (`resolve --sdk all`):
/// one row per aspect a person sees (the card, why, the image, the buttons, pinning, the
/// slides, whether it reaches the inbox), one value per profile, and whether they differ.
/// Profiles are named by `SDKProfile.name`, whatever it is.
public struct ProfileComparison: Sendable {
    public struct Row: Sendable {
        /// The aspect, as the JSON key and the text label (`card`, `reasons`, …).
        public var aspect: String
        /// One value per profile, in `profiles` order.
        public var values: [String]
        public var differs: Bool { values.contains { $0 != values[0] } }
    }

    public var profiles: [SDKProfile]
    /// Each profile's inspection of the message, in `profiles` order.
    public var inspected: [InspectedMessage]
    public var rows: [Row]

    /// The aspects that differ.
    public var differing: [String] { rows.filter(\.differs).map(\.aspect) }

    public init(_ message: Message, profiles: [SDKProfile] = SDKProfile.all, forceKind: CardKind? = nil) {
        self.profiles = profiles
        inspected = profiles.map { InspectedMessage(message: message, profile: $0, forceKind: forceKind) }
        let verdicts = inspected.map(DeliveryVerdict.init)
        let resolutions = inspected.map(\.resolution)
        rows = [
            Row(aspect: "card", values: resolutions.map(\.layout.rawValue)),
            Row(aspect: "requested", values: resolutions.map { "\($0.requested.rawValue) by \($0.requestedBy.rawValue)" }),
            Row(aspect: "reasons", values: verdicts.map { $0.reasons.isEmpty ? "—" : $0.reasons.joined(separator: "; ") }),
            Row(aspect: "image", values: resolutions.map { $0.image?.url ?? "—" }),
            Row(aspect: "buttons", values: resolutions.map(Self.buttons)),
            Row(aspect: "pinned", values: resolutions.map { $0.pinned ? "pinned" : "not pinned" }),
            Row(aspect: "slides", values: resolutions.map { $0.carousel == nil ? "—" : "\($0.slides.count)" }),
        ]
    }

    /// The buttons as a person reads them: `Shop ↗ openURL, Later ✕ dismiss`, and whether drawn.
    static func buttons(_ resolution: Resolution) -> String {
        let buttons = resolution.buttons.buttons
        guard !buttons.isEmpty else { return "—" }
        let list = buttons.map { "\($0.title) \($0.action.kind.rawValue)" }.joined(separator: ", ")
        return resolution.buttonsRendered ? list : list + " (not drawn)"
    }
}
