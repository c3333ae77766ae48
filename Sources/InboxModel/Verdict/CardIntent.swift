import InboxCore

/// Which card the payload's author meant, told from the payload: the forced kind, the
/// `displayType` written (known to this release or not), a misspelled `displayType` key
/// holding a layout name, or carousel, video or wallet data. Nil when nothing says (the
/// SDK's own choice is then what was meant).
public enum CardIntent {
    public static func intended(_ message: InspectedMessage) -> CardKind? {
        let resolution = message.resolution
        switch resolution.requestedBy {
        case .forced, .displayType: return resolution.requested
        case .heuristic: break
        }
        if let displayType = resolution.displayType {
            return displayType.anyKind ?? closeKind(to: displayType.text)
        }
        if let key = misspelledDisplayType(message), let kind = CardKind.named(key.value) { return kind }
        return richData(of: resolution)?.kind
    }

    /// The layout a displayType that names none is a typo of (`carousell`), when one is close.
    static func closeKind(to written: String) -> CardKind? {
        let trimmed = written.trimmed
        guard let name = EditDistance.suggestion(for: trimmed, among: CardKind.allCases.map(\.rawValue)),
              UnknownDisplayType.isClose(trimmed, name) else { return nil }
        return CardKind(rawValue: name)
    }

    /// The carousel, video or wallet value the custom data holds (in that order), whether
    /// or not it is usable.
    public static func richData(of resolution: Resolution) -> (kind: CardKind, value: JSONValue)? {
        if let carousel = resolution.carousel { return (.carousel, carousel.source) }
        if let video = resolution.video { return (.video, video.source) }
        if let wallet = resolution.wallet { return (.wallet, wallet.source) }
        if let rejected = resolution.rejectedWallets.first { return (.wallet, rejected.source) }
        return nil
    }

    /// A custom-data key that stands for `displayType` (IK210).
    public static func misspelledDisplayType(_ message: InspectedMessage) -> MisspelledKey? {
        MisspelledKey.find(in: message).first { $0.place == .customData && $0.expected == "displayType" }
    }

    public static func hasMisspelledDisplayType(_ message: InspectedMessage) -> Bool {
        misspelledDisplayType(message) != nil
    }
}
